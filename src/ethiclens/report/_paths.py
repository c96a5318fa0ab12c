"""The one check of a report writer's ``path``, in the Python caller's words.

Every public writer of ``ethiclens.report`` (the HTML reports, the model card, the threshold
PNG, the PDF) takes the file to write as its argument ``path``: a path that names no file, a
name that says another format, a missing folder, a file where a folder is needed, a folder
where the file goes or a name too long for the file system is refused naming ``path``, its
value and the fix, before any work and before anything is written, in the words the result
objects' writers (``AuditResult.to_html`` and the rest) use.
"""

from __future__ import annotations

from collections.abc import Callable

from .._checks import check_argument_type
from ..fairness import (
    AuditResult,
    Comparison,
    MetricEstimate,
    ModelComparison,
    ThresholdTable,
    check_path,
    in_python_words,
)
from ..io import _check_writable_argument, check_suffix, write_atomic


def write_checked(path, example: str, flag: str, check_format: Callable, content: Callable):
    """``content()`` (str or bytes) written atomically to ``path`` once ``path`` is checked as
    the writer's argument: :func:`check_path` (``example`` in its fix), ``check_format()``
    (its refusal names the CLI's ``flag``, which becomes ``path``), then that its folder
    exists and takes a file (``io``'s check, naming ``path`` too). Returns ``path``.

    What fails once the work is done (a full disk) keeps ``write_atomic``'s words ("output x:
    could not be written"): the command line writes its outputs with these writers, and its
    error line names the option, never a Python argument."""
    check_path(path, example)
    in_python_words(check_format, {flag: "path"})
    # a name too long or a loop of links is refused by io.check_writable itself, named 'path'
    _check_writable_argument(path, "path", f"pass the file to write, e.g. {example!r}")
    return write_atomic(path, content())


def write_suffixed(path, example: str, flag: str, suffix: str, what: str, content: Callable):
    """:func:`write_checked` of a writer whose format is ``suffix`` (``what`` it writes)."""
    return write_checked(
        path, example, flag, lambda: check_suffix(path, flag, suffix, what), content
    )


# what each writer's first argument must be: (the class, the call that makes one)
_MADE_BY = {
    AuditResult: "ethiclens.audit()",
    ModelComparison: "ethiclens.compare()",
    ThresholdTable: "ethiclens.threshold_table()",
}


def check_result(value, kind: type, argument: str):
    """``value``, the ``kind`` of result a writer writes (its ``argument``); anything else
    (None, another result, a dict) is refused naming the argument, not an AttributeError
    from deep inside the report ("'NoneType' object has no attribute 'names'")."""
    name = kind.__name__
    problem = f"must be a{'n' * (name[0] in 'AEIOU')} {name} (what {_MADE_BY[kind]} returns), not a"
    fix = f"pass the result of {_MADE_BY[kind]}"
    return check_argument_type(value, kind, column=argument, problem=problem, fix=fix)


# what each part of a result is and where a caller finds one (result_kind's words)
_PART_OF = {
    Comparison: ("an item of ethiclens.audit().comparisons", "pass one of result.comparisons"),
    MetricEstimate: ("a value of a comparison's .metrics", "pass a comparison.metrics value"),
}


def result_kind(kind: type, *reads: str, optional: bool = False):
    """An argument kind (``_checks.argument_kinds``) of the report helpers that read a result
    (``verdict_sentence``, ``terminal_summary``, ``plain_reason``...): a ``kind`` (an
    AuditResult, a ModelComparison, a ThresholdTable, a Comparison, a MetricEstimate; None too
    when ``optional``), or a stand-in with every attribute of ``reads`` the helper reads;
    anything else (None, a dict, a result's JSON, a set) refused in :func:`check_result`'s
    words, never "'NoneType' object has no attribute 'comparisons'" from inside the report."""
    name = kind.__name__
    if kind in _MADE_BY:
        said, fix = f"what {_MADE_BY[kind]} returns", f"pass the result of {_MADE_BY[kind]}"
    else:
        said, fix = _PART_OF[kind]
    problem = f"must be a{'n' * (name[0] in 'AEIOU')} {name} ({said}), not a"

    def check(value, argument: str) -> None:
        if optional and value is None:
            return
        if not (reads and all(hasattr(value, attribute) for attribute in reads)):
            check_argument_type(value, kind, column=argument, problem=problem, fix=fix)

    return check
