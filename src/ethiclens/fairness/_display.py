"""Notebook display: compact HTML tables and short text for result objects.

Only the standard library is used (``html.escape``), so a result renders in Jupyter without
importing the report machinery. Writing full reports (``to_html``/``to_model_card``) goes through
writers looked up by kind in ``ethiclens._renderers``: ``ethiclens.report`` registers them, and
the package root loads it on first use. This layer never imports ``report`` (it sits above this
one; see docs/adr/0007-layout.md).
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Callable
from contextvars import ContextVar
from html import escape

from .. import _renderers
from .._checks import argument_kinds, instance_kind, type_refusal, use_one_of
from .._text import (
    beside,
    figure_text,
    is_unbounded,
    masked_apart,
    one_line,
    percent,
    plural,
    spaced_name,
    unbounded_text,
)
from ..errors import EthicLensInputError, plain_text
from ._metrics import COMPARISON_METRIC_SPECS, policy_edges
from ._policy import STATUS_LOOKS, SUPPRESSED_METHOD


def register_renderer(kind: str, fn: Callable) -> None:
    """Register a writer (``"audit_html"``, ``"audit_card"``, ``"compare_html"``,
    ``"thresholds_html"``, ``"thresholds_png"``) in ``ethiclens._renderers``."""
    _renderers.register(kind, fn)


def renderer(kind: str) -> Callable:
    """The registered writer of ``kind`` (the package root loads ``ethiclens.report``, which
    registers its writers, on the first lookup)."""
    return _renderers.get(kind)


class NotFoundError(EthicLensInputError, KeyError):
    """A result has no such attribute, group or metric: the library's input error (a message
    naming the argument and its valid values; exit 2 in the CLI), and a ``KeyError`` as a
    lookup that misses has always been."""

    __str__ = EthicLensInputError.__str__  # the message itself, not KeyError's repr of it


def not_found(argument: str, value, choices, problem: str | None = None) -> NotFoundError:
    """The refusal of a lookup: ``value`` of ``argument`` is not among ``choices``."""
    return NotFoundError(
        problem or f"no such {_LOOKED_UP.get(argument, argument)}",
        column=argument,
        value=value,
        kind="argument",
        fix=use_one_of(value, choices),
    )


_LOOKED_UP = {"attribute": "protected attribute", "metric": "comparison metric"}


def check_path(path, example: str):
    """``path`` of a result's writer (``to_html``, ``to_model_card``...): a str or
    ``os.PathLike`` naming a file; anything else, a NUL in it, blank text or a folder
    (``Path('')``, '/') is refused here, not deep inside ``os`` (``example``: a file name of the
    format it writes, shown in the fix)."""
    from ..io import _refuse_no_path  # the one check of a path to write (its words too)

    _refuse_no_path(path, "path", f"pass the file to write, e.g. {example!r}", "argument")
    return path


def write(kind: str, path, example: str, flag: str, *args):
    """Write ``path`` (checked: :func:`check_path`, ``example`` in its refusal) with the
    registered writer of ``kind``, called with ``args``; a refusal naming the CLI's ``flag``
    names the argument ``path`` (:func:`in_python_words`)."""
    check_path(path, example)
    return written(path, lambda: in_python_words(lambda: renderer(kind)(*args), {flag: "path"}))


def written(path, call: Callable):
    """``call()``, a writer of ``path``, where a refusal naming no option or a name too long
    for the file system is refused naming the argument ``path`` (``io._as_argument``, as
    every Python writer's), not an OSError from deep inside it."""
    from ..io import _as_argument

    return _as_argument("path", path, call)


def in_python_words(call: Callable, names: dict):
    """``call()``, where a refusal that names one of a method's arguments by the CLI's option
    or as a data column (the writers and figures are the CLI's too) is re-raised naming the
    argument: ``names`` maps what the writer calls it (``"--model-card"``, ``"kind"``) to the
    argument's name."""
    try:
        return call()
    except EthicLensInputError as e:
        if e.column is None or str(e.column) not in names:
            raise
        raise e.renamed(names, kind="argument") from None


def fmt(x, digits: int = 3) -> str:
    """A number for display: ``—`` when undefined, ``inf`` when unbounded."""
    if x is None or math.isnan(float(x)):
        return "—"
    return figure_text(x, digits)  # an infinity formats as inf or -inf; 1e300 as 1.000e+300


def _bound(x, edges=()) -> str:
    """An interval bound as :func:`fmt` writes it; with ``edges`` (a policy metric's
    thresholds) as many more places as it takes to print on its side of the nearest
    (:func:`ethiclens._text.beside`: 0.1004, not 0.100, against 0.10)."""
    if not edges or x is None or not math.isfinite(float(x)):
        return fmt(x)
    return beside(x, edges)


def value_ci(m, edges=()) -> str:
    """``0.812 [0.750, 0.871]`` for a MetricEstimate-like object (value, ci_low, ci_high);
    ``edges``: the thresholds the policy judges it against (:func:`policy_edges`), so a
    bound beside one prints on its side of it (``0.159 [0.1004, 0.212]`` against EO's 0.10)."""
    if m is None or m.value is None:
        return "—"
    if is_unbounded(m.value):  # its reference never selected: the monitor's words, not inf
        return "unbounded" if m.ci_low is None else unbounded_text(_bound(m.ci_low, edges))
    if m.ci_low is None and m.ci_high is None:
        return fmt(m.value)
    # one end missing (a P2NIA estimate's) reads — (fmt), the interval kept
    value = _bound(m.value, edges)  # the point on its side of the edges too (0.7996, not 0.800)
    return f"{value} [{_bound(m.ci_low, edges)}, {_bound(m.ci_high, edges)}]"


def audit_value(m, edges=()) -> str:
    """:func:`value_ci` of an audit's metric, its undefined value in the reports' word
    (``fmt_estimate``'s): "suppressed" for a group ``--min-cell`` dropped, else "undefined"."""
    if m is None or m.value is not None:
        return value_ci(m, edges)
    return "suppressed" if m.ci_method == SUPPRESSED_METHOD else "undefined"


def _look(status) -> tuple[str, str]:
    """(HTML colour, words) of a status; one this version does not know, in grey, by name."""
    look = STATUS_LOOKS.get(status)
    return (look.html, look.words) if look else ("#333333", str(status).lower())


def status_html(status: str) -> str:
    colour, words = _look(status)
    return (
        f"<span style='color:{colour};font-weight:600' title='{escape(str(status))}'>"
        f"{escape(words)}</span>"
    )


# the user names (attributes, groups, models) of the view being drawn: see :func:`shown`
_NAMES: ContextVar[frozenset] = ContextVar("ethiclens_display_names", default=frozenset())


@contextlib.contextmanager
def naming(names):
    """Within it, :func:`shown` masks each of ``names`` (a view's attributes, groups and
    models) alone."""
    token = _NAMES.set(frozenset(one_line(x) for x in names if x is not None))
    try:
        yield
    finally:
        _NAMES.reset(token)


def _named(names_of: Callable):
    """A view drawn :func:`naming` the names ``names_of`` its object gives."""

    def decorate(view):
        @functools.wraps(view)
        def wrapped(obj):
            with naming(names_of(obj)):
                return view(obj)

        return wrapped

    return decorate


def shown(text) -> str:
    """``text`` (a group, attribute or model name, or a line holding them) on one line, every
    password masked as the HTML report and the terminal mask it
    (:func:`ethiclens._secrets.mask_secrets`: ``postgresql://u:***@h/db``): a notebook view
    shows no more than they do. Masked before escaping, so a mask never eats markup. Each user
    name of the view (:func:`naming`) is masked alone, as the reports mask them: masked whole,
    a group ``password=`` ate the words after it (``x: password= *** b``)."""
    from .._secrets import mask_secrets

    return masked_apart(one_line(text), _NAMES.get(), mask_secrets)


def _result_names(result) -> set:
    return {n for c in result.comparisons for n in (c.attribute, c.group, c.reference)}


def _comparison_names(c) -> set:
    return {c.attribute, c.group, c.reference}


def _compare_names(comp) -> set:
    names = {n for v in comp.verdicts for n in (v.attribute, v.group, v.reference)}
    return names | set(comp.names)


def html_table(headers, rows, caption: str | None = None, raw_columns=()) -> str:
    """A small HTML table; cells are escaped except columns in ``raw_columns`` (already HTML)."""
    head = "".join(f"<th style='text-align:left'>{escape(shown(h))}</th>" for h in headers)

    def td(i, cell):
        return f"<td>{cell if i in raw_columns else escape(shown(cell))}</td>"

    body = ["<tr>" + "".join(td(i, c) for i, c in enumerate(row)) + "</tr>" for row in rows]
    cap = f"<caption style='text-align:left'>{escape(shown(caption))}</caption>" if caption else ""
    return (
        "<table style='border-collapse:collapse;font-size:90%'>"
        f"{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def block(title: str, paragraphs: list[str], tables: list[str]) -> str:
    """A titled ``<div>``: escaped paragraphs, then tables (already HTML)."""
    parts = [f"<div class='ethiclens'><strong>{escape(shown(title))}</strong>"]
    parts += [f"<p style='margin:4px 0'>{escape(shown(p))}</p>" for p in paragraphs if p]
    parts += tables
    parts.append("</div>")
    from .._text import html_safe

    return html_safe("".join(parts))


def estimates_html(title: str, estimates: dict, headline: str | None = None, names=()) -> str:
    """A table of named MetricEstimates (value [CI], status, method/reason): PCER, P2NIA.
    ``names``: the user names (groups) its reasons may hold, each masked alone."""
    with naming(names):
        table = _estimates_table("statistic", estimates)
        return block(title, [headline] if headline else [], [table])


def _estimates_table(first: str, estimates: dict, policy: dict | None = None) -> str:
    """The table of named MetricEstimates: ``first`` (their name), value [CI], status and the
    reason or method; a DI/EO bound printed beside ``policy``'s thresholds (a comparison's)."""
    rows = [
        (
            name,
            value_ci(m, policy_edges(name, policy)),
            status_html(m.status),
            m.reason or m.ci_method,
        )
        for name, m in estimates.items()
    ]
    return html_table([first, "value [CI]", "status", "method / reason"], rows, None, (2,))


def _b_minus_a(d) -> str:
    """B − A with its interval; one that excludes 0 prints on its side of 0 (0.0002, not 0.000,
    beside "excludes 0"), as the compare report writes it; one below a floor says so; an
    undefined one says why (the JSON's reason: "undefined because model B's DI is unbounded
    ..."), as the terminal and the HTML report write it, not a bare —."""
    m = d.difference
    if m.value is None:
        return m.reason or "undefined"
    if m.ci_low is None and m.ci_high is None and m.reason:
        return f"{fmt(m.value)} ({m.reason}: no interval)"
    return value_ci(m, (0.0,) if d.excludes_zero else ())


# The comparison metrics shown in the compact notebook table (others: ``to_frame()``).
_SHOWN = ("disparate_impact", "statistical_parity_difference", "equalized_odds_difference")


def _rows(data: dict) -> str:
    """The row count as every face prints a count (``5,000``); ``?`` where none is known."""
    n = data.get("n_rows")
    return f"{n:,}" if isinstance(n, int) else "?"


def _short(metric: str) -> str:
    """The registry's column header of a metric (``DI``, ``SPD``, ``EO diff``)."""
    spec = COMPARISON_METRIC_SPECS.get(metric)
    return (spec.short or spec.label) if spec else metric


def _words(metric: str) -> str:
    """A metric's name in words, as the compare report and terminal write it (the registry's
    label, 'Disparate impact'); the JSON keeps the key."""
    spec = COMPARISON_METRIC_SPECS.get(metric)
    return spec.label if spec is not None else metric


def _absolute(metric: str) -> str:
    """`` (absolute)`` after a metric that is |group − reference|, as the reports mark it."""
    spec = COMPARISON_METRIC_SPECS.get(metric)
    return " (absolute)" if spec is not None and spec.absolute else ""


_HEADLINE_LABELS = {
    "composite": "Composite bias score",
    "min_disparate_impact": "Minimum DI",
    "largest_disparity": "Largest disparity (DI)",
}


def headline_text(result) -> str:
    """The headlines the reports lead with: a harmful label's is the largest disparity (its
    minimum DI points at the group given the harm least often), a favourable one's the
    minimum DI."""
    harmful = not result.config.get("positive_is_favorable", True)
    di = result.largest_disparity if harmful else result.min_disparate_impact
    parts = []
    edges = policy_edges("disparate_impact", result.config.get("policy"))
    for h in (result.composite, di):
        label = _HEADLINE_LABELS[h.name]
        unbounded = _unbounded_di(result, h, edges)
        if h.withheld and not unbounded:
            parts.append(f"{label}: withheld ({_withheld_words(result, h)})")
            continue
        band = f", {h.band}" if h.band else ""
        lower = f", {len(h.not_judged)} not judged: may be larger" if h.not_judged else ""
        # the composite to its 4 stored places, as the reports print it: to 3, 0.5996 (High
        # Risk, below 0.60) read as 0.600; a DI on its side of the policy's edges (0.7996)
        value = fmt(h.value, 4) if h.name == "composite" else unbounded or beside(h.value, edges)
        parts.append(f"{label}: {value} ({key_text(result, h.comparison)}{band}{lower})")
    return "; ".join(parts)


def _withheld_words(result, h) -> str:
    """Why headline ``h`` is withheld, in the words of the terminal, the HTML report and the
    model card (report's ``_plain_withheld``: "some comparisons lack a reliable DI, SPD or
    equalized-odds estimate ... Affected: g:A"), not the JSON's reason with its metric keys
    and statuses ('equalized_odds_difference undefined'). A largest disparity's reason is a
    sentence already, kept."""
    if h.name not in ("composite", "min_disparate_impact"):
        return h.withheld_reason
    return renderer("withheld_words")(h, result).removesuffix(".")  # a name's own dots kept


def _holding_kind(words: str, fix: str, *reads: str):
    """An argument kind (``_checks.argument_kinds``) of the label helpers: any object with the
    attributes ``reads`` (a comparison, a model comparison's verdict or difference, a
    stand-in); None, text, a dict, a set... refused naming the argument, never an
    AttributeError ("'NoneType' object has no attribute 'attribute'") from inside."""

    def check(value, argument: str) -> None:
        if value is None or not all(hasattr(value, name) for name in reads):
            raise type_refusal(value, f"must be {words}, not", column=argument, fix=fix)

    return check


_PAIR_WORDS = "a comparison (an item of result.comparisons, or a compare verdict or difference)"
_PAIR_FIX = "pass one of ethiclens.audit(...).comparisons"


@argument_kinds(
    c=_holding_kind(_PAIR_WORDS, _PAIR_FIX, "attribute", "group"),
    sep=instance_kind(str, "text", "e.g. ': '"),
)
def pair_text(c, sep: str = ": ") -> str:
    """A comparison's attribute and group (``sep`` between), each name quoted when whitespace
    is around it (:func:`ethiclens._text.spaced_name`: ``g: 'e '``, where ``g: e`` hid it), as
    the terminal says them: every face's label of a comparison (the HTML ones escape it after,
    where a browser would fold the spaces away)."""
    return f"{spaced_name(c.attribute)}{sep}{spaced_name(c.group)}"


@argument_kinds(c=_holding_kind(_PAIR_WORDS, _PAIR_FIX, "attribute", "group", "reference"))
def names_text(c) -> str:
    """``attribute: group vs reference`` of a comparison, each name as :func:`pair_text`."""
    return f"{pair_text(c)} vs {spaced_name(c.reference)}"


@argument_kinds(
    result=_holding_kind(
        "an AuditResult (what ethiclens.audit() returns)",
        "pass the result of ethiclens.audit()",
        "comparisons",
    )
)
def key_text(result, key) -> str:
    """A headline's comparison key (``g:e ``) in its comparison's names (:func:`pair_text`,
    ``g:'e '``); a key no comparison has, as given."""
    c = next((c for c in result.comparisons if c.key == key), None)
    return plain_text(key) if c is None else pair_text(c, ":")  # 10**5000 shortened


def _unbounded_di(result, h, edges) -> str | None:
    """A harmful label's largest disparity whose reference is never selected, as the reports
    headline it ("unbounded [35.538, ∞)": the finite bound is what the data supports), else
    None; its JSON value stays null."""
    if h.name != "largest_disparity" or not h.withheld or h.comparison is None:
        return None
    c = next(c for c in result.comparisons if c.key == h.comparison)
    low = c.metrics["disparate_impact"].ci_low
    return unbounded_text("—" if low is None else _bound(low, edges))


@_named(_result_names)
def audit_html(result) -> str:
    """The notebook view of an AuditResult: headline, then one row per comparison."""
    shown = [k for k in _SHOWN if any(k in c.metrics for c in result.comparisons)]
    edges = {k: policy_edges(k, result.config.get("policy")) for k in shown}
    headers = ["comparison", "n (group / ref)", *(f"{_short(k)} [CI]" for k in shown), "status"]
    headers.append("why")
    rows = [
        (
            names_text(c),
            c.n_text(" / "),
            *(audit_value(c.metrics.get(k), edges[k]) for k in shown),
            status_html(c.status),
            c.flag_reason or _first_reason(c) or "",
        )
        for c in result.comparisons
    ]
    counts = _status_counts(result)
    cfg = result.config
    level = percent(cfg.get("confidence_level", 0.95))
    method = (
        f"{plural(len(result.comparisons), 'comparison')} ({counts}); {level}"
        f" intervals, {'weighted ' if cfg.get('weighted') else ''}{cfg.get('ci_method')} with "
        f"{cfg.get('n_boot')} draws, seed "
        f"{cfg.get('random_state')}. result.to_frame() and result.by_group() give every metric."
    )
    table = html_table(headers, rows, None, (len(headers) - 2,))
    # the faces' notes (weighted; the one-sided DI rule under a harmful label)
    notes = renderer("audit_notes")(result)
    texts = [headline_text(result), method, *notes, *result.attribute_notes]
    return block("EthicLens fairness audit", texts, [table])


def _status_counts(result) -> str:
    """``2 PASS, 1 FLAGGED``: how many comparisons have each status, in order of appearance."""
    statuses = [c.status for c in result.comparisons]
    return ", ".join(f"{statuses.count(s)} {s}" for s in dict.fromkeys(statuses))


def _first_reason(c) -> str | None:
    shown = [m for m in map(c.metrics.get, _SHOWN) if m is not None]
    return next((m.reason for m in shown if m.reason and m.status != "PASS"), None)


@_named(_result_names)
def audit_repr(result) -> str:
    """A short text summary (a few lines per attribute), not the dataclasses' full repr."""
    counts = _status_counts(result)
    lines = [
        f"AuditResult({_rows(result.data)} rows, {plural(len(result.attributes), 'attribute')}, "
        f"{plural(len(result.comparisons), 'comparison')}: {counts})",
        "  " + headline_text(result),
        *("  " + text for text in result.attribute_notes),
    ]
    limit = 12
    edges = policy_edges("disparate_impact", result.config.get("policy"))
    for c in result.comparisons[:limit]:
        di = c.metrics.get("disparate_impact")
        lines.append(
            f"  {names_text(c)}: {c.status}"
            + (f", DI {audit_value(di, edges)}" if di is not None else "")
        )
    if len(result.comparisons) > limit:
        lines.append(f"  ... {len(result.comparisons) - limit} more (result.to_frame())")
    return "\n".join(map(shown, lines))  # a name's line break shown, as the terminal does


@_named(_comparison_names)
def comparison_repr(c) -> str:
    di = c.metrics.get("disparate_impact")
    edges = policy_edges("disparate_impact", c.policy)
    di_text = f", DI {audit_value(di, edges)}" if di is not None else ""
    return shown(f"Comparison({names_text(c)}, {c.status}{di_text})")


@_named(_comparison_names)
def comparison_html(c) -> str:
    """Every metric of one comparison: value [CI], status, reason or method."""
    table = _estimates_table("metric", c.metrics, c.policy)
    n_group, n_ref = c.n_text("|").split("|")  # sizes only: no group name in them
    head = (
        f"{pair_text(c)} (n = {n_group}) vs {spaced_name(c.reference)} "
        f"(n = {n_ref}): {_look(c.status)[1]}"
    )
    return block("EthicLens comparison", [head, c.flag_reason or ""], [table])


def compare_summary(comp) -> list[str]:
    a, b = comp.names
    changed = comp.changed
    return [
        f"{b} − {a} on the same {_rows(comp.data)} rows; "
        f"{percent(comp.config['confidence_level'])} intervals: {_first_method(comp)}.",
        (
            f"Verdicts changed for {len(changed)} of {plural(len(comp.verdicts), 'comparison')}: "
            + ", ".join(f"{pair_text(v, ':')} {v.status_a} → {v.status_b}" for v in changed)
            if changed
            else f"No verdict changed ({plural(len(comp.verdicts), 'comparison')})."
        ),
    ]


def _first_method(comp) -> str:
    """The method of the intervals actually computed (a comparison below the floor has none:
    its 'not reported' text is not the method of the others)."""
    computed = [
        d.difference
        for d in comp.differences
        if d.difference.ci_low is not None and d.difference.ci_low == d.difference.ci_low
    ]
    pool = computed or [d.difference for d in comp.differences]
    return next((diff.ci_method for diff in pool if diff.ci_method), "none")


@_named(_compare_names)
def compare_html(comp) -> str:
    """Notebook view of a ModelComparison: DI and EO under A and B, B − A [CI], verdicts."""
    a, b = comp.names
    shown = [k for k in _SHOWN if any(d.metric == k for d in comp.differences)]
    headers = ["comparison"]
    for k in shown:
        gap = f"{_short(k)} {b} − {a}{_absolute(k)} [CI]"
        headers += [f"{_short(k)} {a}", f"{_short(k)} {b}", gap]
    headers += [f"status {a}", f"status {b}"]
    # each (attribute, group, metric)'s first difference
    found = {(x.attribute, x.group, x.metric): x for x in reversed(comp.differences)}
    rows = []
    for v in comp.verdicts:
        row = [names_text(v)]
        for k in shown:
            d = found.get((v.attribute, v.group, k))
            if d is None:
                row += ["—", "—", "—"]
            else:
                row += [_model_value(d, "a"), _model_value(d, "b"), _b_minus_a(d)]
        row += [status_html(v.status_a), status_html(v.status_b)]
        rows.append(row)
    n = len(headers)
    table = html_table(headers, rows, None, (n - 2, n - 1))
    return block(f"EthicLens: {b} vs {a}", compare_summary(comp), [table])


def _model_value(d, which: str) -> str:
    """Model ``which``'s value of a difference: "unbounded" for a DI whose reference is never
    selected (null in the JSON, "unbounded" in the reports and that model's audit), else its
    number, or "undefined" as the compare reports and terminal say it."""
    if getattr(d, f"unbounded_{which}", False):
        return "unbounded"
    shown = fmt(getattr(d, f"value_{which}"))
    return "undefined" if shown == "—" else shown


@_named(_compare_names)
def compare_repr(comp) -> str:
    a, b = comp.names
    lines = [f"ModelComparison({b} vs {a}, {plural(len(comp.verdicts), 'comparison')})"]
    lines += ["  " + s for s in compare_summary(comp)]
    # the first 12 DI, SPD and EO differences, and how many more (as the audit's repr says):
    # the first 12 differences of every metric, filtered, dropped EO and whole attributes
    # from 5 comparisons on without a word
    listed, limit = [d for d in comp.differences if d.metric in _SHOWN], 12
    for d in listed[:limit]:
        what = f"{pair_text(d, ':')} {_words(d.metric)}{_absolute(d.metric)}"
        lines.append(f"  {what}: {b} − {a} = {_b_minus_a(d)}")
    if len(listed) > limit:
        lines.append(f"  ... {len(listed) - limit} more (comparison.to_frame())")
    return "\n".join(map(shown, lines))
