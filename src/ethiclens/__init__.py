"""EthicLens: audit ML classifiers for group fairness, privacy-cost equity and private audits.

The top-level names are loaded on first use, so ``import ethiclens`` (and the CLI's start-up)
stays cheap; ``from ethiclens import audit`` works as usual.
"""

from __future__ import annotations

from . import _renderers
from ._optional import lazy_names
from ._version import __version__
from .errors import EthicLensInputError


def _load_report_writers() -> None:
    """Import ``ethiclens.report``, which registers the writers behind ``AuditResult.to_html``
    and the other result objects' report methods (``_renderers``): the package root wires the
    report layer to the results, so ``fairness`` never names ``report``."""
    from . import report  # noqa: F401


_renderers.add_loader(_load_report_writers)

# public name -> module that defines it (imported on first access).
# audit, audit_counts, compare and threshold_table are the fairness engine's functions that also
# take a spec (``ethiclens.audit("compas")``, ``ethiclens.audit(AuditSpec...)``).
_LAZY = {
    "run": "ethiclens.spec",
    "AuditSpec": "ethiclens.spec",
    "load_target": "ethiclens.spec",
    "audit": "ethiclens.spec",
    "audit_counts": "ethiclens.spec",
    "audit_frame": "ethiclens.sources",
    "compare": "ethiclens.spec",
    "threshold_table": "ethiclens.spec",
    "AuditResult": "ethiclens.fairness",
    "Policy": "ethiclens.fairness",
}

__all__ = ["__version__", *_LAZY, "EthicLensInputError"]

# subpackages reachable as attributes after a plain ``import ethiclens`` (``ethiclens.fairness.
# group_auc``, ``ethiclens.datasets.register``), each imported on first use, not at start-up.
_SUBPACKAGES = tuple(
    "cli datasets experiments fairness io models monitor p2nia privacy probes report sources spec "
    "web".split()
)


__getattr__, __dir__ = lazy_names(__name__, _LAZY, _SUBPACKAGES)
