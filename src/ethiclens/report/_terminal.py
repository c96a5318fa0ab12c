"""Results in a terminal, for a face (the CLI) to print: the audit as rich markup lines and one
table; a model comparison and a threshold table as plain lines."""

from __future__ import annotations

from numbers import Integral
from types import SimpleNamespace

from rich.markup import escape
from rich.table import Table

from .._checks import argument_kinds
from .._text import decision_threshold_text, one_line, percent, plural, spaced_name
from ..fairness import STATUS_LOOKS, AuditResult, ModelComparison, ThresholdTable
from ._audit_report import (
    WEIGHTED_SENTENCE,
    _plain_withheld,
    below_floor,
    below_harmful_caveat,
    changes_sentence,
    di_rule_sentence,
    disadvantaged_note,
    fmt_estimate,
    method_name,
    reference_words,
    suppression_detail,
    threshold_notes,
    weighted_method,
    withheld_hint,
)
from ._audit_report import fmt as fmt_number
from ._compare_report import (
    ABSOLUTE_NOTE,
    _is_absolute,
    _methods_of,
    comparison_changes,
    difference_text,
    metric_label,
    model_value,
)
from ._paths import result_kind
from ._plots import middle_cut
from ._render import masked, names_alone
from ._verdict import (
    POLICY_METRICS,
    composite_caveat,
    di_point,
    largest_disparity,
    largest_disparity_note,
    largest_disparity_value,
    policy_edges,
    verdict_sentence,
)

STATUS_STYLE = {status: look.terminal for status, look in STATUS_LOOKS.items()}

# {level}: the intervals' confidence level (the result's config), as the headers state it
TABLE_COLUMNS = (
    "comparison",
    "n (group/ref)",
    "DI [{level} CI]",
    "EO diff [{level} CI]",
    "FPR bal.",
    "status",
    "why",
)


def _e(text) -> str:
    """User text as rich markup, a newline or CR shown as ``\\n`` / ``\\r`` (a raw newline would
    split a table row, and the groups ``new line`` and ``new\\nline`` would look the same). A
    trailing backslash stays as written: rich's ``escape`` adds one for a closing tag, which
    printed where none follows (the group ``x\\`` read ``x\\\\``); text in a tag takes
    :func:`_tag`. A password in it (a group named like a database URL) is shown as ``***``, as
    the HTML report and the model card show it (:func:`._render.masked`)."""
    return _markup(masked(str(text)))


def _markup(text: str) -> str:
    """Masked text as rich markup (:func:`_e`'s escapes)."""
    return escape(text.replace("\n", "\\n").replace("\r", "\\r") + " ")[:-1]


def _name(name) -> str:
    """A user's name (attribute, group, reference) as rich markup: masked, then quoted when
    whitespace is around it (:func:`ethiclens._text.spaced_name`: the groups ``' a'`` and ``a``
    printed alike, ``g:      b`` a tab's ``'\\tb'``)."""
    return _markup(_spaced(name))


def _spaced(name) -> str:
    """A user's name as plain text: masked (:func:`_masked`), quoted when whitespace is around
    it (:func:`ethiclens._text.spaced_name`)."""
    return spaced_name(_masked(name))


def _pair(c) -> str:
    """A comparison's ``attribute:group`` (its key) as rich markup, each name alone."""
    return f"{_name(c.attribute)}:{_name(c.group)}"


def _key_text(result, key) -> str:
    """A headline's comparison key as rich markup: its comparison's names (:func:`_pair`), or
    the key as given when no comparison has it."""
    c = next((c for c in result.comparisons if c.key == key), None)
    return _e(key) if c is None else _pair(c)


def _masked(value) -> str:
    """``value`` (a group may be a number) as text, its password masked
    (:func:`._render.masked`); each piece of user text alone, never a whole line: a line's
    ``token=a: q`` lost its ':' and ``password= vs b`` its 'vs', a padded grid row's
    ``password=`` took its padding and first mark as ``***``."""
    return masked(str(value))


def _tag(style: str, text, name: bool = False) -> str:
    """User ``text`` (:func:`_e`; ``name``: a name, :func:`_name`) in a rich ``style``, its
    trailing backslashes doubled so that each prints and the closing tag stays a tag (rich's
    escape kept one of two)."""
    shown = _name(text) if name else _e(text)
    tail = "\\" * (len(shown) - len(shown.rstrip("\\")))
    return f"[{style}]{shown}{tail}[/{style}]"


@argument_kinds(result=result_kind(AuditResult))
@names_alone
def terminal_summary(result) -> list:
    """The audit summary as rich renderables (markup strings and a table), in print order.

    User text (group and attribute names, reasons) is escaped, so the markup is only ours.
    """
    return [*_header(result), _comparison_table(result), *_footer(result)]


def _dim_if_below_floor(m, text: str) -> str:
    """Rich markup for a cell (``text`` escaped): below the floor greyed (the estimate is shown,
    never judged)."""
    return _tag("dim", text) if below_floor(m) else _e(text)


def _estimate_cell(m, edges=()) -> str:
    """An estimate with its interval (``edges``: the policy's thresholds, so a bound prints on
    its side of them), or below the floor greyed with the reason."""
    return _dim_if_below_floor(m, fmt_estimate(m, edges))


def _plain_cell(m) -> str:
    """A value shown without its interval (FPR balance): below the floor greyed and marked in
    words too, so the marker survives a terminal without colour (``| cat``, a CI log). An
    undefined (or suppressed) value reads so, as in the other columns and the HTML report;
    "—" is only a metric not computed at all."""
    if m is None:
        return "—"
    if m.value is None:
        return _e(fmt_estimate(m))
    text = fmt_number(m.value)
    return _dim_if_below_floor(m, f"{text} (below the floor)" if below_floor(m) else text)


def _why(c) -> str:
    """The flag reason, else why a policy metric was not judged (below-floor reasons are already
    in their cells)."""
    if c.flag_reason:
        return c.flag_reason
    policy = [c.metrics[k] for k, _ in POLICY_METRICS if k in c.metrics]
    # the comparison's own status first (an INSUFFICIENT_DATA row gives its floor reason)
    for statuses in ((c.status,), ("INCONCLUSIVE", "UNDEFINED", "INSUFFICIENT_DATA")):
        for m in policy:
            if m.status in statuses and m.reason:
                return m.reason
    return ""


def _header(result) -> list[str]:
    """The run's settings, the DI rule, weighting, suppression and each reference group."""
    cfg = result.config
    meaning = "favourable" if cfg["positive_is_favorable"] else "harmful"
    lines = [
        f"[bold]EthicLens audit[/bold] — {result.data['n_rows']:,} rows, "
        f"positive label is {meaning}, {cfg['n_boot']} interval draws "
        f"({weighted_method(cfg)}), seed {cfg['random_state']}",
        _e(di_rule_sentence(cfg["policy"], not cfg["positive_is_favorable"])),
    ]
    if cfg.get("weighted"):
        lines.append(_e(WEIGHTED_SENTENCE))
    suppressed = (result.data.get("provenance") or {}).get("min_cell_suppression")
    if suppressed:
        lines.append(_e(f"Counts table: {_suppression(suppressed, cfg.get('exclude_groups'))}"))
    lines += [
        f"{_tag('bold', attr.name, True)}: reference group "
        f"{_tag('cyan', attr.reference, True)} ({_e(reference_words(result, attr))})"
        for attr in result.attributes
    ]
    lines += [_e(text) for text in result.attribute_notes]
    return lines


def _comparison_table(result) -> Table:
    table = Table(show_lines=False)
    level = f"{percent(result.config.get('confidence_level', 0.95))}"
    for col in TABLE_COLUMNS:
        table.add_column(col.format(level=level))
    policy = result.config["policy"]
    di_edges = policy_edges("disparate_impact", policy)
    eo_edges = policy_edges("equalized_odds_difference", policy)
    for c in result.comparisons:
        table.add_row(
            f"{_name(c.attribute)}: {_name(c.group)} vs {_name(c.reference)}",  # masked alone
            c.n_text(),
            _estimate_cell(c.metrics["disparate_impact"], di_edges),
            _estimate_cell(c.metrics.get("equalized_odds_difference"), eo_edges),
            _plain_cell(c.metrics.get("fpr_balance")),
            f"[{STATUS_STYLE.get(c.status, '')}]{c.status}[/]",
            _e(_why(c)),
        )
    return table


def _footer(result) -> list[str]:
    """Changed groups, the headlines (or why withheld), the largest disparity, flags, verdict."""
    cfg = result.config
    changes = changes_sentence(cfg, result.run)
    lines = [_tag("bold", changes)] if changes else []
    largest = largest_disparity(result)
    # A harmful label's minimum DI points at the group given the harm less often: its headline
    # is the largest disparity, as in the HTML report and the model card (docs/report.md).
    harmful_headline = not cfg["positive_is_favorable"] and largest is not None
    heads = [(result.composite, "Composite bias score")]
    if not harmful_headline:
        heads.append((result.min_disparate_impact, "Minimum DI"))
    for h, label in heads:
        if h.withheld:
            # in the HTML report's and the card's words, not the JSON's reason (its metric
            # keys and statuses: 'disparate_impact insufficient_data')
            lines.append(f"{label}: [yellow]withheld[/yellow] — {_e(_plain_withheld(h, result))}")
        else:
            band = f" ({h.band})" if h.band else ""
            value = f"{h.value:.4f}" if h is result.composite else di_point(result, h.value, 4)
            at = _key_text(result, h.comparison)
            lines.append(f"{label}: [bold]{value}[/bold]{band} at {at}")
            caveat = composite_caveat(result) if h is result.composite else None
            if caveat:
                lines.append(_tag("yellow", caveat))
    hint = withheld_hint(result, cli=True)
    if hint:
        lines.append(_tag("yellow", hint))
    if harmful_headline:
        c, unjudged = largest
        value = largest_disparity_value(result, c)
        lines.append(
            f"Largest disparity: {_tag('bold', value)} at "
            f"{_pair(c)} — {_e(largest_disparity_note(result, c, unjudged))}"
        )
    flagged = [
        f"{_pair(c)} vs {_name(c.reference)}{_e(disadvantaged_note(c))}" for c in result.flagged
    ]
    lines.append(f"Flagged: {', '.join(flagged) if flagged else 'none'}")
    lines.append(_e(verdict_sentence(result)))
    return lines


def _suppression(record, excluded=None) -> str:
    """One line from the counts table's ``--min-cell`` record (``excluded``: the audit's
    exclusions)."""
    if not isinstance(record, dict):
        return str(record)
    keys = ("min_cell", "cells_dropped", "rows_dropped", "rows_kept")
    # counts that are not whole numbers (edited metadata) read as a record of another shape
    if all(isinstance(record.get(k), Integral) and not isinstance(record[k], bool) for k in keys):
        return (
            f"--min-cell {record['min_cell']} dropped {plural(record['cells_dropped'], 'cell')} "
            f"({plural(record['rows_dropped'], 'row')}; {record['rows_kept']:,} kept): those rows "
            f"are missing from every group they belong to{suppression_detail(record, excluded)}."
        )
    return ", ".join(f"{k} = {v}" for k, v in record.items())


# The metrics whose B - A lines the summary prints (the policy's).
_GATED = ("disparate_impact", "equalized_odds_difference")


@argument_kinds(result=result_kind(ModelComparison))
@names_alone
def comparison_summary(result) -> list[str]:
    """A model comparison as plain lines: each comparison's verdict under A and B, then DI and
    EO under A, B and B − A with the paired interval."""
    a, b = map(_masked, result.names)  # each piece of user text masked alone
    cfg = result.config
    lines = [
        f"EthicLens compare: {b} vs {a} on the same {result.data['n_rows']:,} rows, "
        f"{cfg['n_boot']} {'paired' if cfg['paired'] else 'unpaired'} draws, seed "
        f"{cfg['random_state']}; {percent(cfg['confidence_level'])} B - A intervals: "
        + _methods_of(d for d in result.differences if d.metric in _GATED)
    ]
    caveat = below_harmful_caveat(cfg["policy"], not result.audit_a.config["positive_is_favorable"])
    lines += [caveat] if caveat else []
    changes = comparison_changes(result)  # bins, exclusions, merges: as the HTML report
    lines += [_masked(changes)] if changes else []
    # each reference as the audit states it ("given as A, merged into AB": the spec is the run's)
    asked = SimpleNamespace(run=result.run, config=result.audit_a.config)
    lines += [
        f"{_spaced(attr.name)}: reference group {_spaced(attr.reference)} "
        f"({_masked(reference_words(asked, attr))})"
        for attr in result.audit_a.attributes
    ]
    lines += map(_masked, result.audit_a.attribute_notes)  # both models audit the same rows
    absolute = False
    for v in result.verdicts:
        said = f"{_spaced(v.attribute)}: {_spaced(v.group)} vs {_spaced(v.reference)}"
        lines.append(f"{said}: {v.status_a} -> {v.status_b}")
        for d in result.differences:
            if (d.attribute, d.group) != (v.attribute, v.group) or d.metric not in _GATED:
                continue
            absolute |= _is_absolute(d.metric)
            lines.append(  # an undefined value reads "undefined", as in the HTML report
                f"  {_masked(metric_label(d.metric))}: {a} {_masked(model_value(d, 'a'))}, "
                f"{b} {_masked(model_value(d, 'b'))}, "
                f"{b} - {a} {_masked(difference_text(d.difference))}"
            )
    changed = ", ".join(f"{_spaced(v.attribute)}:{_spaced(v.group)}" for v in result.changed)
    n = f"{len(result.changed):,} of {len(result.verdicts):,}"
    lines.append(f"verdicts changed: {n}" + (f": {changed}" if changed else ""))
    # plain lines for a terminal: a name's line break or control character shown as an escape
    return [one_line(x) for x in lines + ([ABSOLUTE_NOTE] if absolute else [])]


# One character per status in the threshold grid.
_THRESHOLD_MARKS = {status: look.mark for status, look in STATUS_LOOKS.items()}


@argument_kinds(table=result_kind(ThresholdTable))
@names_alone
def threshold_summary(table) -> list[str]:
    """A threshold table as plain lines: one row per comparison, one status mark per
    threshold (the audited one starred)."""
    v = table.verdicts()
    audited = table.audited_threshold
    heads = [f"{_threshold(t)}{'*' if abs(t - audited) < 1e-12 else ''}" for t in v.columns]
    labels = _row_labels(list(v.index))
    width = max([29, *(len(label) for label in labels)]) + 1
    cfg = table.config
    changes = [c for c in [changes_sentence(cfg, table.run, "threshold view")] if c]
    lines = [
        f"EthicLens thresholds: {table.data['n_rows']:,} rows, "
        f"{plural(len(cfg['thresholds']), 'threshold')}, audited {_threshold(audited)} (*); "
        f"{percent(cfg['confidence_level'])} intervals: {method_name(cfg['ci_method'])}, "
        f"{cfg['n_boot']} draws, seed {cfg['random_state']}",
        "status per threshold: F flagged, ? inconclusive, . pass, n insufficient data, u undefined",
        *map(_masked, changes),  # bins, exclusions, merges: as the HTML report
        *map(_masked, threshold_notes(table)),
        *map(_masked, table.empty_crossing_notes.values()),
        *map(_masked, table.missing_code_notes.values()),
        *_reference_lines(table.frame),
        " " * width + " ".join(f"{h:>5}" for h in heads),
    ]
    for label, (_, statuses) in zip(labels, v.iterrows(), strict=True):
        lines.append(
            f"{label:<{width}}" + " ".join(f"{_THRESHOLD_MARKS.get(s, '-'):>5}" for s in statuses)
        )
    # a name's line break shown, as comparison_summary; its password masked piece by piece
    return [one_line(x) for x in lines]


def _reference_lines(frame) -> list[str]:
    """Each attribute's reference group, as the audit's and the comparison's summaries name
    them (a grid row names only its group: ``race: A`` is A against race's reference), on one
    line that does not read as a row (``race: ...``)."""
    refs = dict(zip(frame["attribute"], frame["reference"], strict=True))
    named = "; ".join(f"{_spaced(attr)}: {_spaced(ref)}" for attr, ref in refs.items())
    return [f"reference groups (each row is compared with its attribute's): {named}"]


_LABEL_WIDTH = 60  # a longer row label is shortened in its middle, if all still read apart


def _row_labels(rows: list[tuple]) -> list[str]:
    """The threshold grid's row labels, ``attribute: group``: the attribute always whole (a
    row must say which attribute it is of); a group that would take the label past
    :data:`_LABEL_WIDTH` shortened in its middle (its start and end kept around "…") when
    the rows still read apart, else every label whole."""
    rows = [(one_line(_spaced(attr)), one_line(_spaced(group))) for attr, group in rows]
    whole = [f"{attr}: {group}" for attr, group in rows]
    short = []
    for attr, group in rows:
        room = max(20, _LABEL_WIDTH - len(attr) - 2)
        short.append(f"{attr}: {middle_cut(group, room)}")
    return short if len(set(short)) == len(set(whole)) else whole


def _threshold(t: float) -> str:
    """A threshold as every face writes it (:func:`ethiclens._text.decision_threshold_text`)."""
    return decision_threshold_text(t)
