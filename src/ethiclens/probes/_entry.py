"""A model named ``module:function`` (``probe counterfactual --model``): the fitted model the
function returns, imported from the working folder, never unpickled."""

from __future__ import annotations

import importlib
import sys

from .._secrets import masked_cut
from ..errors import EthicLensInputError


def load_entry_point(spec: str):
    """``module:function`` -> the fitted model the function returns (never unpickles).

    The module is imported with the working folder first on ``sys.path``; an import that
    fails, a missing function or a function that raises is one error naming ``--model``.
    """
    if not isinstance(spec, str):  # None, a set, a number: one refusal, never AttributeError
        shown = "None" if spec is None else type(spec).__name__
        problem = f"must be text module:function, not {shown}"
        raise _refused(problem, "e.g. --model mypkg.models:load_model", spec)
    module_name, sep, func_name = spec.partition(":")
    if not sep or not module_name or not func_name:
        raise _refused("expected module:function", "e.g. --model mypkg.models:load_model", spec)
    func = getattr(_import(module_name, spec), func_name, None)
    if not callable(func):
        raise _refused(
            f"{module_name} has no function {func_name}",
            "name a function that returns the fitted model",
        )
    try:
        return func()
    except Exception as exc:  # noqa: BLE001 - the user's loader: any error is theirs to fix
        raise _refused(
            f"{spec}() raised {type(exc).__name__}: {_first(exc)}",
            f"call {func_name}() from Python to see the full error",
        ) from exc


def _import(module_name: str, spec: str):
    """The user's module, imported from the working folder."""
    sys.path.insert(0, ".")
    importlib.invalidate_caches()  # "." may be another folder than at an earlier import
    try:
        return importlib.import_module(module_name)
    except ImportError as exc:
        raise _refused(
            f"cannot import {module_name} ({exc})",
            "run from the folder that contains it, or install it",
        ) from exc
    except Exception as exc:  # noqa: BLE001 - the user's module failed while importing
        raise _refused(
            f"importing {module_name} raised {type(exc).__name__}: {_first(exc)}",
            f"run 'python -c \"import {module_name}\"' to see the full error",
            spec,
        ) from exc
    finally:
        sys.path.pop(0)


def _first(exc: BaseException) -> str:
    """The first line of an exception's message (bounded), masked, then cut: cut first, a URL
    whose password ran past the cut lost its '@' and the refusal's masking showed it."""
    text = str(exc).strip()
    return masked_cut(text.splitlines()[0], 300) if text else "(no message)"


def _refused(problem: str, fix: str, value=None) -> EthicLensInputError:
    """A refusal of ``--model`` (its text ``value`` where the problem does not show it)."""
    return EthicLensInputError(problem, column="--model", value=value, fix=fix)
