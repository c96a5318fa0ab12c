"""A model named ``module:function`` (``probe counterfactual --model``): the fitted model the
function returns, imported from the working folder, never unpickled."""

from __future__ import annotations

import importlib
import sys

from ..errors import EthicLensInputError


def load_entry_point(spec: str):
    """``module:function`` -> the fitted model the function returns (never unpickles).

    The module is imported with the working folder first on ``sys.path``; an import that
    fails, a missing function or a function that raises is one error naming ``--model``.
    """
    module_name, sep, func_name = spec.partition(":")
    if not sep or not module_name or not func_name:
        raise EthicLensInputError(
            "expected module:function",
            column="--model",
            value=spec,
            fix="e.g. --model mypkg.models:load_model",
        )
    func = getattr(_import(module_name, spec), func_name, None)
    if not callable(func):
        raise EthicLensInputError(
            f"{module_name} has no function {func_name}",
            column="--model",
            fix="name a function that returns the fitted model",
        )
    try:
        return func()
    except Exception as exc:  # noqa: BLE001 - the user's loader: any error is theirs to fix
        raise EthicLensInputError(
            f"{spec}() raised {type(exc).__name__}: {_first(exc)}",
            column="--model",
            fix=f"call {func_name}() from Python to see the full error",
        ) from exc


def _import(module_name: str, spec: str):
    """The user's module, imported from the working folder."""
    sys.path.insert(0, ".")
    importlib.invalidate_caches()  # "." may be another folder than at an earlier import
    try:
        return importlib.import_module(module_name)
    except ImportError as exc:
        raise EthicLensInputError(
            f"cannot import {module_name} ({exc})",
            column="--model",
            fix="run from the folder that contains it, or install it",
        ) from exc
    except Exception as exc:  # noqa: BLE001 - the user's module failed while importing
        raise EthicLensInputError(
            f"importing {module_name} raised {type(exc).__name__}: {_first(exc)}",
            column="--model",
            value=spec,
            fix=f"run 'python -c \"import {module_name}\"' to see the full error",
        ) from exc
    finally:
        sys.path.pop(0)


def _first(exc: BaseException) -> str:
    """The first line of an exception's message (bounded)."""
    text = str(exc).strip()
    return text.splitlines()[0][:300] if text else "(no message)"
