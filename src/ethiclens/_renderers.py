"""Writers that result objects call, registered from above (docs/adr/0007-layout.md).

``AuditResult.to_html``, ``to_model_card``, ``ModelComparison.to_html`` and
``ThresholdTable.plot`` live in :mod:`ethiclens.fairness`, which never imports
:mod:`ethiclens.report`. They look their writer up here by kind; ``ethiclens.report`` registers
its writers when it is imported, and the package root (``ethiclens/__init__.py``, above every
layer) adds the loader that imports it on the first lookup. So the statistics core names no
renderer, and a renderer of another kind (a web face's) is one :func:`register` call.
"""

from __future__ import annotations

from collections.abc import Callable

_RENDERERS: dict[str, Callable] = {}
_LOADERS: list[Callable[[], None]] = []


def register(kind: str, fn: Callable) -> None:
    """Register the writer of ``kind`` (``"audit_html"``, ``"audit_card"``, ``"compare_html"``,
    ``"thresholds_html"``, ``"thresholds_png"``); a later registration replaces it."""
    if not isinstance(kind, str) or not kind or not callable(fn):
        raise TypeError("register(kind, fn) needs a non-empty kind and a callable")
    _RENDERERS[kind] = fn


def add_loader(loader: Callable[[], None]) -> None:
    """Add a function that registers writers when one is first needed (called at most until
    the kind asked for is registered)."""
    if loader not in _LOADERS:
        _LOADERS.append(loader)


def get(kind: str) -> Callable:
    """The writer of ``kind``, running the loaders first when none is registered yet."""
    for loader in list(_LOADERS):
        if kind in _RENDERERS:
            break
        loader()
    try:
        return _RENDERERS[kind]
    except KeyError:
        raise LookupError(
            f"no writer for {kind!r} is registered (import ethiclens.report, or register one "
            "with ethiclens.fairness.register_renderer)"
        ) from None
