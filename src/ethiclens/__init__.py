"""EthicLens: audit ML classifiers for group fairness, privacy-cost equity and private audits."""

from ._version import __version__
from .errors import EthicLensInputError
from .fairness import AuditResult, Policy, audit

__all__ = ["__version__", "audit", "AuditResult", "Policy", "EthicLensInputError"]
