"""A keyword a function does not take (``audit(n_bot=...)``, ``Policy(min_grup_size=...)``):
the refusal lives in ``ethiclens._keywords``, which every package's entry points share."""

from __future__ import annotations

from .._keywords import UnknownKeywordError, refuse_unknown, refusing_unknown_keywords

__all__ = ["UnknownKeywordError", "refuse_unknown", "refusing_unknown_keywords"]
