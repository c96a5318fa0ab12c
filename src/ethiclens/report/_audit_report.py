"""The sections of a fairness-audit report, built from an ``AuditResult``."""

from __future__ import annotations

import json
import numbers
import re
import shlex
from importlib import metadata

import numpy as np
from markupsafe import Markup
from markupsafe import escape as escape_block

from .._checks import argument_kinds, instance_kind, kind_refusal, whole_kind
from .._text import (
    beside,
    distinct_numbers,
    figure_text,
    html_safe,
    is_unbounded,
    percent,
    spaced_key,
    spaced_name,
    threshold_percent,
    threshold_text,
    typed_group,
    unbounded_text,
)
from ..fairness import (
    SUPPRESSED_GROUPS,
    SUPPRESSED_METHOD,
    AuditResult,
    MetricEstimate,
    comparison_columns,
    group_columns,
    key_text,
    metric_words,
    names_text,
    pair_text,
)
from . import _plots as plots
from . import _provenance as pv
from . import _verdict as verdict
from ._glossary import glossary_html, header
from ._paths import result_kind
from ._render import (
    Report,
    Section,
    definition_list,
    escape,
    figure,
    generated_by,
    join,
    masked,
    names_alone,
    paragraph,
    prose,
    report_title,
    status_badge,
    table,
)

# the exported sentences' arguments (_checks.argument_kinds): a result, one of its metric
# estimates (None: no estimate) or its config's dicts, refused by name when given otherwise
_ESTIMATE = result_kind(MetricEstimate, "value", "status", optional=True)
_POLICY = instance_kind(
    dict, "a dict (a result's config['policy'])", "e.g. result.config['policy']"
)
_CONFIG = instance_kind(dict, "a dict (a result's config)", "e.g. result.config")
_RUN = instance_kind(dict, "a dict (a result's run)", "e.g. result.run, or None", optional=True)
_TEXT = instance_kind(str, "text", "e.g. 'audit'")


def _real(value) -> bool:
    """A real number (a numpy one too); True/False and text are none."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def _figure_kind(value, name: str) -> None:
    """format_number's value: a number, or None/NaN (shown as —)."""
    if value is not None and not _real(value):
        raise kind_refusal(value, name, "must be a number or None", "e.g. 0.125, or None (—)")


def _edges_kind(value, name: str) -> None:
    """format_number's edges: one number, or a list or tuple of them (none: () )."""
    items = value if isinstance(value, list | tuple) else [value]
    if not all(_real(item) for item in items):
        problem = "must be a number or a list or tuple of numbers (the policy's thresholds)"
        raise kind_refusal(value, name, problem, "e.g. (0.8, 1.25), or () for none")


@argument_kinds(value=_figure_kind, digits=whole_kind(0, 12, "e.g. 3"), edges=_edges_kind)
def fmt(value, digits=3, edges=()) -> str:
    """A figure to ``digits`` places; an undefined one (None, or NaN from a table) as —. With
    ``edges`` (the thresholds a policy metric is judged against: DI's band, EO's threshold) as
    many more places as it takes to print on its side of the nearest (0.1004, not 0.100,
    beside 0.10). A figure of magnitude 1e15 or more in scientific form (1.000e+300)."""
    if value is None or value != value:
        return "—"
    return beside(value, edges, digits) if edges else figure_text(value, digits)


def undefined_reason(m) -> str:
    """Why ``m`` has no value (the JSON's ``reason``: "TPR undefined (no positive labels)"),
    "" when it says none: every report shows an undefined value with its cause, never a bare
    "undefined" the reader must look up in the JSON."""
    return str(m.reason or "") if m.value is None and m.status == "UNDEFINED" else ""


@argument_kinds(m=_ESTIMATE)
def below_floor(m) -> bool:
    """A metric below its sample floor: shown, greyed, without an interval, never judged."""
    return m is not None and m.value is not None and m.status == "INSUFFICIENT_DATA"


def floor_note(m) -> str:
    return m.reason or "below the sample floor"


def outside_note(m) -> str | None:
    """Why a point estimate lies outside its own interval (the interval method says), or None."""
    if m is None or m.value is None or m.ci_low is None or m.ci_high is None:
        return None
    tol = 1e-12 * max(1.0, abs(m.value))
    if m.ci_low - tol <= m.value <= m.ci_high + tol:
        return None
    return f"estimate outside its interval: {m.ci_method}"


def fmt_interval(m, edges=()) -> str:
    """The interval part of an estimate ('' below the floor); ``edges``: as :func:`fmt`."""
    if below_floor(m):
        return ""
    if m.ci_low is None:
        return "no CI"
    text = f"[{fmt(m.ci_low, edges=edges)}, {fmt(m.ci_high, edges=edges)}]"
    note = outside_note(m)
    return f"{text} ({note})" if note else text


@argument_kinds(m=_ESTIMATE)
def fmt_estimate(m, edges=(), why: bool = False) -> str:
    """'0.159 [0.1004, 0.212]': the value with its interval; ``edges``: as for
    ``format_number``, applied to the value and its interval's bounds (a DI of 0.7996 reads
    0.7996, not 0.800, beside a band from 0.80). ``why``: an undefined value with its reason
    ("undefined — PPV undefined (no predicted positives)"), as the JSON's ``reason``."""
    if m is None:
        return "—"
    if m.value is None:
        said = "suppressed" if m.ci_method == SUPPRESSED_METHOD else "undefined"
        return f"{said} — {undefined_reason(m)}" if why and undefined_reason(m) else said
    if is_unbounded(m.value):  # its reference never selected: the monitor's words, not inf
        if below_floor(m):
            return f"unbounded — {floor_note(m)}"
        low = m.ci_low
        return "unbounded (no CI)" if low is None else unbounded_text(fmt(low, edges=edges))
    if below_floor(m):
        return f"{fmt(m.value)} — {floor_note(m)}"
    if m.ci_low is None:
        return f"{fmt(m.value)} (no CI)"
    return f"{fmt(m.value, edges=edges)} {fmt_interval(m, edges)}"


def suppression_detail(record: dict, excluded=None) -> str:
    """The attributes a counts table's ``--min-cell`` statement dropped cells of, and the
    groups of them it dropped whole (names only), for the sentence stating it; "" for a table
    written before the statement named them. ``excluded``: the audit's exclusions (attribute
    -> groups), a suppressed group among them said to be excluded, not reported."""
    gone = record.get(SUPPRESSED_GROUPS)
    if not isinstance(gone, dict) or not record.get("cells_dropped"):
        return ""
    text = f" (attributes {', '.join(map(str, gone))})"
    out = excluded if isinstance(excluded, dict) else {}
    shown, left = [], []
    for a, groups in gone.items():
        skip = {str(n) for n in out.get(a) or []}
        kept = [str(g) for g in groups if str(g) not in skip]
        dropped = [str(g) for g in groups if str(g) in skip]
        shown += [f"{a} {', '.join(kept)}"] if kept else []
        left += [f"{a} {', '.join(dropped)}"] if dropped else []
    why = f"suppressed by --min-cell {record.get('min_cell')}"
    if shown:
        text += (
            f"; every cell of {'; '.join(shown)} was dropped: reported as INSUFFICIENT_DATA, {why}"
        )
    if left:
        text += f"; every cell of {'; '.join(left)} was dropped ({why}): excluded, as asked"
    return text


WEIGHTED_SENTENCE = "Weighted: estimates use the sample weights; floors count Kish effective rows."


def weighted_method(config: dict) -> str:
    """The run's interval method as its header names it: 'weighted jeffreys' when weighted."""
    return ("weighted " if config.get("weighted") else "") + config["ci_method"]


def weighted_sentence(config: dict) -> str | None:
    """Every face says a weighted audit is weighted (the JSON's config.weighted)."""
    return WEIGHTED_SENTENCE if config.get("weighted") else None


@argument_kinds(policy=_POLICY)
def below_harmful_caveat(policy: dict, harmful: bool) -> str:
    """What the one-sided DI rule misses with a harmful label (ADR 0008), or ""."""
    if not harmful or policy.get("di_rule", "two_sided") != "below":
        return ""
    return (
        "With a harmful positive label the one-sided DI rule 'below' flags a group given the "
        "harm less often than its reference, never one given it more often (ADR 0008); the "
        "default two-sided rule judges both."
    )


def threshold_notes(table) -> list[str]:
    """What the notebook display of an audit or a threshold view says beside its table, as
    their terminal and HTML faces say it: that it is weighted, and the one-sided DI rule's
    caveat under a harmful label (a result recorded before it said reads as favourable)."""
    cfg = table.config
    harmful = not cfg.get("positive_is_favorable", True)
    return [t for t in (weighted_sentence(cfg), below_harmful_caveat(cfg["policy"], harmful)) if t]


@argument_kinds(policy=_POLICY)
def di_rule_sentence(policy: dict, harmful: bool = False) -> str:
    """The flag rule that was applied, in words; ``harmful``: the positive label is a harm,
    which the one-sided rule reads the wrong way round (said so)."""
    t = policy["di_threshold"]
    eo_t = threshold_text(policy["eo_threshold"])
    eo = f"; or when the equalized-odds interval's lower bound exceeds {eo_t}"
    if policy.get("di_rule", "two_sided") == "below":
        caveat = below_harmful_caveat(policy, harmful)
        return (
            f"Flag rule: DI rule 'below' (one-sided) — flagged when the DI interval lies "
            f"entirely {verdict.di_band(policy)}" + eo + "." + (f" {caveat}" if caveat else "")
        )
    return (
        f"Flag rule: DI rule 'two_sided' — flagged when the DI interval lies entirely "
        f"{verdict.di_band(policy)} (one group selected at under {threshold_percent(t)} of the "
        "other's rate, with confidence, whichever group is the reference)" + eo + "."
    )


def _bins(run: dict | None, config: dict | None = None) -> dict:
    """The numeric attributes binned before the audit ({attr: edges}): from the request of a
    file or database run, or from the counts table's own record (``run.input.bins``), else
    as the result states them (``config.bins``: ``audit(bins=)``, ``bin_counts``)."""
    run = run or {}
    spec_bins = ((run.get("spec") or {}).get("groups") or {}).get("bins")
    counted = spec_bins or (run.get("input") or {}).get("bins")
    return counted or (config or {}).get("bins") or {}


def group_changes(config: dict, run: dict | None = None) -> list[str]:
    """Bins, exclusions and merges the user asked for, one sentence each."""
    out = [
        f"{attr}: binned at edges {', '.join(distinct_numbers(edges))}"
        for attr, edges in _bins(run, config).items()
    ]
    for attr, groups in (config.get("exclude_groups") or {}).items():
        out.append(f"{attr}: excluded {_listed(groups)}")
    for attr, merges in (config.get("merge_groups") or {}).items():
        for new, old in merges.items():
            out.append(f"{attr}: merged {_listed(old)} into {_listed([new])}")
    return out


def _listed(groups) -> str:
    """Group names joined by ', ', each holding a comma (or space around it, or itself in a
    pair of double quotes: '"A"', which bare reads as A) in double quotes as the command line
    takes it: 'merged "Black, non-Hispanic", Other' names two groups; one holding a '"' in
    double quotes, escaped (``spec.typed_group``)."""

    def one(name) -> str:
        text = str(name)
        return typed_group(text, "," in text or '"' in text)

    return ", ".join(map(one, groups))


@argument_kinds(config=_CONFIG, run=_RUN, what=_TEXT)
def changes_sentence(config: dict, run: dict | None = None, what: str = "audit") -> str | None:
    """The group changes (:func:`group_changes`) as one sentence, or None when there are none;
    ``what``: the run they came before (an audit, a comparison, a threshold view): each
    report and summary of each says them in these words."""
    changes = group_changes(config, run)
    if not changes:
        return None
    return (
        f"Groups changed before the {what}, at the user's request: "
        + "; ".join(changes)
        + ". Every number and verdict is for the changed groups."
    )


def disadvantaged_note(c) -> str:
    who = getattr(c, "disadvantaged", None)
    return f" (disadvantaged: {spaced_name(who)})" if who else ""


def flag_line(c) -> str:
    """'race:X vs Y (disadvantaged: X): reason' for a flagged comparison, each name quoted
    when whitespace is around it (``g:'e ' vs ' d'``: :func:`ethiclens.fairness.pair_text`)."""
    said = f"{pair_text(c, ':')} vs {spaced_name(c.reference)}"
    return f"{said}{disadvantaged_note(c)}: {c.flag_reason}"


def outcome_sentence(result: AuditResult, label: str | None) -> str:
    what = f" ({label})" if label else ""
    below = result.config["policy"].get("di_rule", "two_sided") == "below"
    if result.config["positive_is_favorable"]:
        return (
            f"The positive label{what} is a benefit: a DI below 1 means the group receives "
            "it less often than the reference group, which is then the group a DI flag "
            "names as disadvantaged."
        )
    caught = (
        "which the one-sided 'below' DI rule does not catch; only the equalized-odds rule can"
        if below
        else "and a DI flag names the group assigned it more often as disadvantaged"
    )
    return (
        f"The positive label{what} is a harm: a DI above 1 means the group is assigned it "
        f"more often than the reference group, {caught}."
    )


CI_METHOD_WORDS = {
    "jeffreys": "Jeffreys-Dirichlet draws of each group's confusion cells (valid when a rate "
    "is 0 or 1)",
    "bca": "stratified bootstrap, BCa",
    "percentile": "stratified bootstrap, percentile",
}


# a weighted audit's Jeffreys draws are of Kish-effective cells (JEFFREYS_WEIGHTED_METHOD)
WEIGHTED_JEFFREYS_WORDS = (
    "Jeffreys-Dirichlet draws of each group's Kish-effective confusion cells, scaled to its "
    "weight total (valid when a rate is 0 or 1)"
)


def interval_sentence(config: dict) -> str:
    method = CI_METHOD_WORDS.get(config["ci_method"], config["ci_method"])
    if config.get("weighted") and config["ci_method"] == "jeffreys":
        method = WEIGHTED_JEFFREYS_WORDS
    return (
        f"{percent(config['confidence_level'])} intervals from {config['n_boot']} draws "
        f"({config['ci_method']}: {method}); each interval states its exact method in the "
        "JSON report"
    )


def estimate_cell(m, edges=()) -> Markup:
    """Value on one line, its interval small beneath: keeps wide tables readable.

    Below the sample floor the value is greyed, with the reason instead of an interval;
    ``edges``: as :func:`fmt`.
    """
    if m is None:
        return Markup("—")
    if m.value is None:
        why = undefined_reason(m)
        return Markup("<em>undefined</em>" + (f"<br><small>{escape(why)}</small>" if why else ""))
    if below_floor(m):
        return Markup(
            f"<span class='below-floor'>{escape(fmt(m.value))}<br>"
            f"<small>{escape(floor_note(m))}</small></span>"
        )
    if is_unbounded(m.value):  # "unbounded" over "[57.698, ∞)", never inf
        value, _, interval = fmt_estimate(m, edges).partition(" ")
        return Markup(f"{escape(value)}<br><small>{escape(interval)}</small>")
    value = fmt(m.value, edges=edges)  # on its side of the edges, as its bounds
    return Markup(f"{escape(value)}<br><small>{escape(fmt_interval(m, edges))}</small>")


@names_alone
@argument_kinds(result=result_kind(AuditResult))
def build_audit_report(result: AuditResult, title: str | None = None) -> Report:
    prov = result.data.get("provenance", {})
    name = pv.given(prov, "dataset", "predictions")
    model = pv.model_name(prov)
    if model:
        name = f"{model} on {name}"
    title = report_title(title, f"Fairness audit: {name}")  # a refusal before the charts
    subtitle = (
        f"{result.data['n_rows']:,} rows audited · EthicLens "
        f"{result.config['ethiclens_version']} · seed {result.config['random_state']} · "
        f"{result.config['n_boot']} interval draws ({weighted_method(result.config)})"
    )
    sections = [
        _verdict(result),
        _summary(result),
        _comparisons(result),
        _forest(result),
        _error_rates(result),
    ]
    if result.config.get("has_scores"):
        sections.append(_calibration(result))
    sections += [
        _significance(result),
        _floors(result),
        _intended_use(result),
        _limitations(result),
        _provenance(result),
        run_record(getattr(result, "run", None), result.config, "audit"),
        _sign_off(result),
        Section("glossary", "Glossary", glossary_html()),
    ]
    footer = generated_by(result.config, getattr(result, "run", None))
    footer += " Rerun with the same seed to reproduce every number."
    return Report(title, subtitle, sections, footer)


def _card(label, value, note, withheld=False) -> Markup:
    cls = "card withheld" if withheld else "card"
    return Markup(
        f"<div class='{cls}'><div class='label'>{escape(label)}</div>"
        f"<div class='value'>{escape(value)}</div>"
        f"<div class='note'>{escape(note)}</div></div>"
    )


def reference_words(result, attr) -> str:
    """How ``attr``'s reference was chosen, as its ``reference_source`` says (``given``), and
    when the group the run gave was merged into it, what was given: ``given as A, merged into
    AB`` (the JSON keeps ``reference_source``; the merge is in ``config.merge_groups``)."""
    given = _given_before_merge(result, attr)
    if given is None:
        return attr.reference_source
    said = f"{spaced_name(given)}, merged into {spaced_name(attr.reference)}"
    return f"{attr.reference_source} as {said}"


def _given_before_merge(result, attr) -> str | None:
    """The reference the run's spec gave (``--protected race=A``) when a merge renamed it into
    ``attr.reference``; for an intersection, its attributes' joined; else None."""
    spec = (getattr(result, "run", None) or {}).get("spec") or {}
    protected = (spec.get("roles") or {}).get("protected") or []
    given = dict(str(item).split("=", 1) for item in protected if "=" in str(item))
    cfg = result.config
    merges = cfg.get("merge_groups") or {}
    combo = next(
        (c for c in cfg.get("intersections") or [] if "&".join(map(str, c)) == attr.name),
        [attr.name],
    )
    if not all(str(a) in given for a in combo):
        return None
    before = [given[str(a)] for a in combo]
    after = [
        next((new for new, olds in (merges.get(str(a)) or {}).items() if g in olds), g)
        for a, g in zip(combo, before, strict=True)
    ]
    if before == after or "&".join(after) != attr.reference:
        return None
    return "&".join(before)


EMPTY_CROSSINGS_LEAD = "Crossings with no rows (so not audited) — "


def _summary(result: AuditResult) -> Section:
    refs = "; ".join(
        f"{spaced_name(a.name)}: reference {spaced_name(a.reference)} "
        f"({reference_words(result, a)})"
        for a in result.attributes
    )
    # a crossing with no rows is named, not left out without a word
    empty = result.empty_crossing_notes
    label = pv.given(result.data.get("provenance", {}), "label")
    changes = changes_sentence(result.config, result.run)
    weighted = weighted_sentence(result.config)
    return Section(
        "summary",
        "Summary",
        join(
            paragraph(changes, "callout changes") if changes else Markup(""),
            paragraph(weighted, "callout changes") if weighted else Markup(""),
            Markup("<div class='headline'>"),
            _composite_card(result),
            _di_card(result),
            _flag_card(result),
            Markup("</div>"),
            _flag_list(result),
            paragraph(outcome_sentence(result, label)),
            paragraph(
                di_rule_sentence(
                    result.config["policy"], not result.config["positive_is_favorable"]
                )
                + " "
                + interval_sentence(result.config)
                + "."
            ),
            paragraph("Reference groups — " + refs),
            paragraph(EMPTY_CROSSINGS_LEAD + "; ".join(empty)) if empty else Markup(""),
            *map(paragraph, missing_code_notes(result)),
            *map(paragraph, run_notes(result)),
        ),
    )


def missing_code_notes(result: AuditResult) -> list[str]:
    """Each attribute's groups named like a missing value ('?'), in the words of the face that
    asked for the audit (``AuditResult.missing_code_notes``)."""
    return result.missing_code_notes


def run_notes(result) -> list[str]:
    """The run's own notes (``data.provenance.notes``: a label's other values counted as
    negative, ...) of an audit, a comparison or a threshold view, as the JSON holds them and the
    terminal warns them: each report says them in its summary, never in the provenance list."""
    notes = ((getattr(result, "data", None) or {}).get("provenance") or {}).get("notes") or []
    return [str(n) for n in ([notes] if isinstance(notes, str) else notes)]


def _composite_card(result: AuditResult) -> Markup:
    comp = result.composite
    if comp.withheld:
        return _card(
            "Composite bias score",
            "Withheld",
            "Not computed: " + _plain_withheld(comp, result),
            True,
        )
    caveat = verdict.composite_caveat(result)
    return _card(
        "Composite bias score",
        f"{comp.value:.4f} · {comp.band}",
        (caveat + " " if caveat else "")
        + f"Lowest (least fair) comparison: {key_text(result, comp.comparison)}. 0–1, higher is "
        "fairer; a triage aid, not a legal test.",
    )


def _di_card(result: AuditResult) -> Markup:
    mindi = result.min_disparate_impact
    largest = verdict.largest_disparity(result)
    if not result.config["positive_is_favorable"] and largest is not None:
        # For a harmful label the minimum DI points at the group assigned the harm *less*
        # often; the headline is the disparity farthest from 1, whichever its direction.
        c, unjudged = largest
        return _card(
            "Largest disparity",
            f"{verdict.largest_disparity_value(result, c)} · {spaced_name(c.group)}",
            verdict.largest_disparity_note(result, c, unjudged),
        )
    if mindi.withheld:
        return _card(
            "Minimum disparate impact",
            "Withheld",
            "Not published: " + _plain_withheld(mindi, result),
            True,
        )
    return _card(
        "Minimum disparate impact", verdict.di_point(result, mindi.value), min_di_note(result)
    )


def _flag_card(result: AuditResult) -> Markup:
    flagged = result.flagged
    return _card(
        "Flagged comparisons",
        str(len(flagged)),
        ", ".join(pair_text(c, ":") for c in flagged)
        if flagged
        else "No comparison's interval lies entirely outside the policy band.",
    )


def _flag_list(result: AuditResult) -> Markup:
    return bullets(
        f"<strong>{escape(pair_text(c, ':'))}</strong> vs {escape(spaced_name(c.reference))}"
        f"{escape(disadvantaged_note(c))}: {escape(c.flag_reason)}"
        for c in result.flagged
    )


def bullets(items, attrs: str = "") -> Markup:
    """``items`` (markup: escaped already) as a list (``<ul attrs>``), or nothing for none."""
    items = "".join(f"<li>{item}</li>" for item in items)
    return Markup(f"<ul{attrs}>{items}</ul>" if items else "")


@argument_kinds(result=result_kind(AuditResult))
def withheld_hint(result: AuditResult, cli: bool) -> str | None:
    """What the user can do about a withheld headline, naming the flags (and the Python way)."""
    causes = verdict.withheld_causes(result)
    parts = []
    if "small" in causes:
        how = (
            "merge or exclude the small groups with --merge-groups / --exclude-group, or "
            "lower the floors with --min-group-size / --min-labels"
        )
        if not cli:
            how += (
                " (Python: merge_groups= / exclude_groups=, "
                "Policy(min_group_size=..., min_label_count=...))"
            )
        parts.append(how + ", and say so when you report the result")
    if "undefined" in causes:
        parts.append(
            "a comparison is undefined (e.g. a reference group never selected): "
            "choose another reference (--protected ATTR=GROUP) or exclude the group"
        )
    if "no_reference" in causes:
        parts.append(
            "a comparison is undefined whichever group is the reference (a rate it is built "
            "from is 0 or undefined in every group, e.g. no row predicted positive): check the "
            f"predictions and {'--pos-label' if cli else 'pos_label='}"
        )
    if "unbounded" in causes:
        parts.append(_unbounded_hint(causes["unbounded"][0], cli))
    gone = [c for c in result.comparisons if _suppressed(c)]
    if gone:
        parts.append(
            f"{', '.join(pair_text(c, ':') for c in gone)} {'was' if len(gone) == 1 else 'were'} "
            "suppressed by --min-cell when counted: exclude a suppressed group "
            "(--exclude-group; of a crossing, one of its groups), or count the data again "
            "with a smaller --min-cell"
        )
    return "To get a headline: " + "; ".join(parts) + "." if parts else None


def _suppressed(c) -> bool:
    """A comparison of a group a counts table's --min-cell dropped whole."""
    m = c.metrics.get("disparate_impact")
    return m is not None and m.ci_method == SUPPRESSED_METHOD


def _unbounded_hint(c, cli: bool) -> str:
    """A reference never selected: name a group that is, as the new reference: its
    ``--protected`` entry as a shell and the option read it back (``'g="e "'``: a group with
    spaces around it in double quotes, or the option strips them; the whole quoted for the
    shell where it holds a space or a quote). A group the option would read otherwise (spaces
    around it, or a pair of double quotes it would drop: '"A"') goes in double quotes."""
    group = str(c.group)
    plain = group == group.strip() and not (len(group) >= 2 and group[0] == group[-1] == '"')
    entry = f"{c.attribute}={group}" if plain else f'{c.attribute}="{group}"'
    how = f"--protected {shlex.quote(entry)}"
    if not cli:
        how += f" (Python: reference={{{c.attribute!r}: {c.group!r}}})"
    return (
        f"{spaced_name(c.reference)} is never selected, so DI is unbounded: choose a reference "
        "group that "
        f"is selected, e.g. {how}"
    )


def min_di_note(result: AuditResult) -> str:
    """What the minimum DI means, given the label's direction (it is a raw ratio), with the
    policy's own flag line (its DI threshold and rule)."""
    h, policy = result.min_disparate_impact, result.config["policy"]
    how, more = "receives the favourable label", ""
    if not result.config["positive_is_favorable"]:
        how = "is assigned the harmful label"
        more = (
            ", so below 1 the reference is the more exposed; ratios above 1 are in the comparisons"
        )
    at = verdict.di_percent(result, h.value)
    return (
        f"At {key_text(result, h.comparison)}: that group {how} at {at} of its reference group's "
        f"rate{more}; a DI interval entirely {verdict.di_band(policy)} is flagged."
    )


def _plain_withheld(headline, result=None) -> str:
    """Why a headline is withheld, in plain words, naming the comparisons concerned (with
    ``result``, each as its names say it: ``g:' d'``, :func:`ethiclens._text.spaced_key`)."""
    if headline.withheld_reason.startswith("no ground-truth labels"):
        return (
            "there are no ground-truth labels, so equalized odds cannot be measured, and a "
            "missing part is never counted as zero."
        )
    if headline.withheld_reason.startswith("DI is unbounded"):
        why = (
            "a reference group is never selected, so DI is unbounded (infinite) and there is no "
            "finite minimum to quote"
        )
    elif headline.name == "min_disparate_impact":
        why = (
            "some comparisons have too little data (or an undefined reference rate) for a "
            "reliable DI, and quoting the minimum of the others would be cherry-picking"
        )
    else:
        why = (
            "some comparisons lack a reliable DI, SPD or equalized-odds estimate (too little "
            "data or undefined), and the score is never computed from partial data"
        )
    names = {c.key: spaced_key(c.attribute, c.group) for c in result.comparisons} if result else {}
    affected = [names.get(k, k) for k in headline.affected]
    return f"{why}. Affected: {', '.join(affected) or 'see the comparisons'}."


def _comparisons(result: AuditResult) -> Section:
    parts = []
    present = [
        (k, h) for k, h in comparison_columns() if any(k in c.metrics for c in result.comparisons)
    ]
    edges = {k: verdict.policy_edges(k, result.config["policy"]) for k, _ in present}.get
    for attr in result.attributes:
        rows, notes = [], []
        for c in (c for c in result.comparisons if c.attribute == attr.name):
            rows.append(
                [
                    spaced_name(c.group),
                    c.n_text(" / "),
                    *[estimate_cell(c.metrics.get(k), edges(k)) for k, _ in present],
                    status_badge(c.status),
                ]
            )
            notes.append(_why(c))
        ref = escape(spaced_name(attr.reference))
        head = f"{escape(spaced_name(attr.name))} (reference: {ref})"
        parts.append(Markup(f"<h3>{head}</h3>"))
        parts.append(
            table(
                [
                    "Group",
                    "n (group / ref)",
                    *[header(k, h) for k, h in present],
                    header("INCONCLUSIVE", "Status"),
                ],
                rows,
                caption=_methods(result, attr.name, present),
                numeric=range(1, len(present) + 2),
                notes=notes,
            )
        )
    return Section("comparisons", "Every comparison", join(*parts))


def _why(c) -> str:
    """The flag reason, or why the policy metrics could not be judged."""
    if c.flag_reason:
        return "Flagged: " + c.flag_reason
    policy = verdict.POLICY_METRICS
    return "; ".join(
        f"{s}: {c.metrics[k].reason}" for k, s in policy if k in c.metrics and c.metrics[k].reason
    )


def method_name(ci_method: str) -> str:
    """An interval method's name without its details: 'jeffreys' for 'jeffreys (Dirichlet(cells
    + 1/2) draws per group, equal-tailed), on log(ratio)', 'percentile' for 'percentile: …'."""
    return ci_method.split(":")[0].split(" (")[0].split(",")[0]


def _methods(result, attribute, present) -> str:
    """The caption of an attribute's comparisons table: which interval method each column's
    intervals used ('DI, SPD: jeffreys; ECE diff: percentile'); a value without an interval
    (below the floor, undefined, too many undefined draws) names no method."""
    comparisons = [c for c in result.comparisons if c.attribute == attribute]
    said = methods_said([(h, [c.metrics.get(k) for c in comparisons]) for k, h in present])
    level = percent(result.config["confidence_level"])
    return (
        f"Value with its {level} interval beneath. {said}. Each value's exact method is in the "
        "JSON report; 'no CI': too many interval draws were undefined (small group)."
    )


def methods_said(columns) -> str:
    """'Interval method: jeffreys', or 'Interval methods: DI, SPD: jeffreys; ECE diff:
    percentile': the methods of the intervals in ``columns`` ((header, estimates) pairs); a
    value without an interval names none."""
    used: dict[str, list[str]] = {}
    for h, estimates in columns:
        methods = {
            method_name(m.ci_method) for m in estimates if m is not None and m.ci_low is not None
        }
        for method in sorted(methods):
            used.setdefault(method, []).append(h)
    if len(used) > 1:
        listed = "; ".join(f"{', '.join(cols)}: {method}" for method, cols in used.items())
        return f"Interval methods: {listed}"
    return f"Interval method: {next(iter(used), 'none')}"


def _level(result) -> float:
    """The intervals' confidence level, as every caption states it."""
    return result.config.get("confidence_level", 0.95)


def forest_args(result: AuditResult) -> tuple:
    """The forest plot's rows and policy band, for the report and ``AuditResult.plot``."""
    rows = [
        (
            pair_text(c),
            c.status,
            c.metrics["disparate_impact"],
            c.metrics.get("equalized_odds_difference"),
        )
        for c in result.comparisons
    ]
    policy, level = result.config["policy"], _level(result)
    di_rule = policy.get("di_rule", "two_sided")
    return rows, policy["di_threshold"], policy["eo_threshold"], di_rule, level


def _forest(result: AuditResult) -> Section:
    chart = plots.forest_plot(*forest_args(result))
    return Section("forest", "DI and equalized odds with their intervals", figure(chart))


def _error_rates(result: AuditResult) -> Section:
    if not result.config["labelled"]:
        return Section(
            "error-rates",
            "Error rates by group",
            paragraph(
                "No ground-truth labels were given, so PPV, FPR and the other "
                "error rates cannot be computed."
            ),
        )
    parts = []
    for attr in result.attributes:
        parts.append(Markup(f"<h3>{escape(attr.name)}</h3>"))
        parts.append(figure(plots.ppv_fpr_plot(attr.name, attr.groups, _level(result))))
        sentence = _impossibility(attr)
        if sentence:
            parts.append(paragraph(sentence, "callout"))
        present = [(k, h) for k, h in group_columns() if k in attr.groups[0].metrics]
        rows = [
            [_group_label(g), f"{g.n:,}", *[estimate_cell(g.metrics[k]) for k, _ in present]]
            for g in attr.groups
        ]
        parts.append(
            table(
                ["Group", "n", *[header(k, h) for k, h in present]],
                rows,
                caption=f"Per-group rates, value [{percent(_level(result))} CI]. "
                + methods_said([(h, [g.metrics[k] for g in attr.groups]) for k, h in present])
                + ".",
                numeric=range(1, len(present) + 2),
            )
        )
    return Section("error-rates", "PPV and FPR side by side", join(*parts))


def _group_label(g) -> str:
    label = spaced_name(g.group) + (" (reference)" if g.is_reference else "")
    if g.metrics["selection_rate"].status == "INSUFFICIENT_DATA":
        label += " — below sample floor, not judged"
    return label


def _impossibility(attr) -> str | None:
    """Say so when base rates differ beyond their intervals (Chouldechova; Kleinberg et al.)."""
    ref = next(g for g in attr.groups if g.is_reference)
    r = ref.metrics["base_rate"]
    differing = []
    for g in attr.groups:
        m = g.metrics["base_rate"]
        skipped = g.is_reference or m.status == "INSUFFICIENT_DATA"  # below the floor: not judged
        if skipped or m.value is None or m.ci_low is None or r.ci_low is None:
            continue
        if m.ci_low > r.ci_high or m.ci_high < r.ci_low:
            differing.append((spaced_name(g.group), m.value))
    if not differing:
        return None
    # to 2 places, or as many more as it takes for no rate to read as the reference's (the
    # intervals of 0.5021 and 0.4979 can be apart: "B 0.50 vs A 0.50" said they differ)
    places = next(
        (p for p in range(2, 13) if f"{r.value:.{p}f}" not in {f"{v:.{p}f}" for _, v in differing}),
        12,
    )
    said = ", ".join(f"{group} {v:.{places}f}" for group, v in differing)
    return (
        f"Base rates differ ({said} vs {spaced_name(ref.group)} {r.value:.{places}f}), so by the "
        "impossibility theorem (Chouldechova 2017; Kleinberg et al. 2016) equal PPV and equal "
        "error rates (equalized odds) cannot both hold here: choosing which to equalise is a "
        "policy decision, not a technical one."
    )


def _calibration(result: AuditResult) -> Section:
    parts = [figure(plots.calibration_plot(a.name, a.groups)) for a in result.attributes]
    return Section("calibration", "Calibration by group", join(*parts))


def _significance(result: AuditResult) -> Section:
    rows = [
        [
            names_text(c),
            fmt(c.metrics["statistical_parity_difference"].value),
            fmt(c.z_test["statistic"], 2),
            _p(c.z_test["p_value"]),
            c.z_test.get("reason", ""),
        ]
        for c in result.comparisons
    ]
    method = result.comparisons[0].z_test["method"] if result.comparisons else ""
    return Section(
        "significance",
        "Significance of selection-rate gaps",
        table(
            ["Comparison", "SPD", "z", "p-value", "note"],
            rows,
            caption=f"{method}. Not corrected for multiple comparisons "
            f"({len(result.comparisons):,} here). A small p-value says the selection rates "
            "differ, not that they differ by enough to matter: the verdicts compare the "
            "DI and EO intervals with the policy band, so a comparison can PASS with a "
            "p-value below 1e-6.",
            numeric=(1, 2, 3),
        ),
    )


def _p(p) -> str:
    """A p-value to 4 places; one below 0.0001 in two significant digits (3.2e-06), never as
    0.0000, a p-value no test gives; below 1e-6 as "< 1e-6". One that two digits round up to
    0.0001 (9.96e-05 printed "1.0e-04", as if it were not below) reads "< 0.0001"."""
    if p is None:
        return "—"
    if p < 1e-6:
        return "< 1e-6"
    if p >= 0.0001:
        return f"{p:.4f}"
    return f"{p:.1e}" if float(f"{p:.1e}") < 0.0001 else "< 0.0001"


def _effective(c, sizes: dict, policy: dict) -> tuple[str, str]:
    """A weighted comparison's Kish effective rows and positive/negative labels (group vs
    reference), which its floors judged: ("; effective 80.1 vs 197.8", "; effective
    42.2/37.9 vs 107.0/91.2"); ("", "") unweighted. To 1 place, more where it takes them to
    print on their side of the floor (99.96 is below 100, never shown as 100.0)."""
    both = [sizes.get((c.attribute, g)) for g in (c.group, c.reference)]
    if not all(s is not None and s.n_effective is not None for s in both):
        return "", ""
    n, k = policy["min_group_size"], policy["min_label_count"]
    rows = " vs ".join(_judged(s.n_effective, n) for s in both)
    if not all(s.labels_effective for s in both):
        return f"; effective {rows}", ""
    labels = " vs ".join("/".join(_judged(x, k) for x in s.labels_effective) for s in both)
    return f"; effective {rows}", f"; effective {labels}"


def _judged(v: float, floor) -> str:
    """An effective size as its floor judged it: within the floor's 1e-9 (float noise, e.g.
    99.99999999999999 rows of weight 0.1) it met it and reads as the floor (100.0)."""
    text = fmt(floor if abs(v - floor) <= 1e-9 else v, 1, (floor,))
    return re.sub(r"^\d+", lambda d: f"{int(d.group()):,}", text)  # 2,500.0 as rows 2,500


def _undefined_instead(c) -> list[str]:
    """A floor not met with no metric below it: its metrics are undefined instead (a group
    whose weights are all 0), said with the reason rather than "none"; else []."""
    undefined = [m for m in c.metrics.values() if m.status == "UNDEFINED"]
    if all(c.floors.values()) or not undefined:
        return []
    return [f"none: undefined instead ({undefined[0].reason or 'a rate of 0/0'})"]


def _floor_row(c, sizes: dict, policy: dict) -> list:
    """One comparison's row of the floors table: rows, labels, the floors met, and each
    metric below a floor in words ('Disparate impact', as the glossary and the compare report
    name it; the JSON keeps its key)."""
    labels = c.label_counts
    lab = (
        "—"
        if labels is None
        else " vs ".join(
            f"{labels[w]['positive']:,}/{labels[w]['negative']:,}" for w in ("group", "reference")
        )
    )
    bit = [metric_words(k) for k, m in c.metrics.items() if m.status == "INSUFFICIENT_DATA"]
    bit = bit or _undefined_instead(c)
    eff_rows, eff_labels = _effective(c, sizes, policy)
    return [
        pair_text(c),
        c.n_text(" vs ") + eff_rows,
        lab + eff_labels,
        *("yes" if c.floors[k] else "NO" for k in ("selection_rate", "error_rate")),
        ", ".join(bit) if bit else "none",
    ]


def _floors(result: AuditResult) -> Section:
    """Per comparison its rows and labels and which floors they met; a weighted audit's floors
    count Kish effective rows, shown beside the rows ("effective")."""
    policy = result.config["policy"]
    sizes = {(a.name, g.group): g for a in result.attributes for g in a.groups}
    rows = [_floor_row(c, sizes, policy) for c in result.comparisons]
    intro = (
        f"Selection-rate metrics need at least {policy['min_group_size']:,} rows in both the "
        f"group and the reference; error-rate metrics at least {policy['min_label_count']:,} "
        "positive and negative labels in both. Below a floor the estimate is shown greyed, "
        "without an interval, judged INSUFFICIENT DATA, and it can never raise a flag; "
        "--min-group-size / --min-labels change the floors, --merge-groups / "
        "--exclude-group the groups."
    )
    if result.flag_words:  # the words of the face that asked (a Python call's keywords)
        from ..errors import note_in_words

        intro = note_in_words(intro, result.flag_words)
    if result.config.get("weighted"):
        intro += (
            " Weighted: the floors count Kish effective rows (Σw)²/Σw², shown as "
            "'effective' beside the rows and labels."
        )
    return Section(
        "floors",
        "Sample sizes and floors",
        join(
            paragraph(intro),
            table(
                [
                    "Comparison",
                    "Rows",
                    "Labels +/− (group vs ref)",
                    "Selection floor met",
                    "Error floor met",
                    "Metrics below a floor",
                ],
                rows,
            ),
        ),
    )


def _limitations(result: AuditResult) -> Section:
    prov = result.data.get("provenance", {})
    return Section("limitations", "Limitations", bullets(map(prose, pv.limitations(prov))))


def _intended_use(result: AuditResult) -> Section:
    prov = result.data.get("provenance", {})
    details = pv.model_details(prov) or [
        ("model", "Not described (name it with --model-name, --model-version or --card-info).")
    ]
    parts = [
        Markup("<h3>Model</h3>"),
        definition_list(details, prose),  # the user's words: line breaks read as spaces
        Markup("<h3>Intended use</h3>"),
        definition_list(pv.intended_use(prov), prose),
    ]
    # The model card's own sections (the metrics' decision thresholds too), so the report a
    # reviewer signs says what the card says.
    for key in ("factors", "metrics", "evaluation_data", "training_data"):
        fields = pv.card_sections(prov, key)
        if fields:
            heading = f"{key.replace('_', ' ').capitalize()} (from the model card)"
            parts += [Markup(f"<h3>{escape(heading)}</h3>"), definition_list(fields, prose)]
    ethics = pv.ethical_considerations(prov)
    if ethics:
        heading = Markup("<h3>Ethical considerations (from the model owner)</h3>")
        parts += [heading, bullets(map(prose, ethics))]
    return Section("intended-use", "Model and intended use", join(*parts))


def _word(value) -> str:
    """A value as the JSON spells it: true/false/null, never Python's True/False/None."""
    return json.dumps(value) if value is None or isinstance(value, bool) else str(value)


def _flatten(prefix, value, word=_word, given: bool = False, skip: int = 0) -> list:
    """(label, text) per leaf, the label its JSON path in words (:func:`pv.labels`:
    'bootstrap draws', 'data SHA-256', never 'audit.n_boot'; two paths that read alike each
    name their key, ``skip`` leading keys left out); ``word`` writes a leaf that is no text
    (``str``: the user's own provenance, shown as they wrote it, ``given``: never in the
    tool's words for its settings or fingerprints)."""
    leaves = list(_leaves((prefix,) if prefix else (), value, word))
    said = pv.labels((path for path, _ in leaves), skip, given)
    return [(label, text) for label, (_, text) in zip(said, leaves, strict=True)]


def key_note(obj: str, prefix: str, value, given: bool = False) -> str:
    """The note below a list of ``value``'s leaves: the key of each label worded apart from
    it, "In the JSON's run: input file d.csv (SHA-256) = input.files.d.csv."; '' for none."""
    skip = 1 if obj == "config" else 0
    paths = (path for path, _ in _leaves((prefix,) if prefix else (), value, _word))
    keys = pv.json_keys(paths, skip, given)
    return f"In the JSON's {obj}: {keys}." if keys else ""


def _leaves(path: tuple, value, word):
    """(JSON path, text) per leaf; a list or mapping inside a list as JSON, never Python's
    repr (audit.intersections ["g", "s"], not ['g', 's']); an empty list as 'none', never a
    blank that reads as not recorded."""
    if isinstance(value, list) and not value:
        yield path, "none"
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves((*path, k), v, word)
    elif isinstance(value, list):  # texts as _listed() quotes them: ["a, b"] is one group
        texts = all(isinstance(v, str) for v in value)
        each = (
            json.dumps(v, ensure_ascii=False, default=str)
            if isinstance(v, list | tuple | dict)
            else word(v)
            for v in value
        )
        yield path, _listed(value) if texts else ", ".join(each)
    else:
        yield path, word(value)


def _said(value):
    """The user's provenance without its None (``provenance={'data': {'source': None}}`` in
    Python printed 'data.source None', Python's word): left out, as the model card leaves it."""
    if isinstance(value, dict):
        return {k: _said(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_said(v) for v in value if v is not None]
    return value


def _edges_said(config: dict) -> dict:
    """``config`` with each binned attribute's edges (``config.bins``) as the group changes
    write them (:func:`distinct_numbers`: 40, not the JSON's float 40.0), so the settings list
    and the sentence 'age: binned at edges 0, 40, 120' print the same numbers."""
    bins = config.get("bins")
    if not isinstance(bins, dict) or not bins:
        return config
    said = {a: distinct_numbers(e) if _numbers(e) else e for a, e in bins.items()}
    return {**config, "bins": said}


def _numbers(values) -> bool:
    """Whether ``values`` is a list of numbers (not bools), as :func:`distinct_numbers` takes."""
    return isinstance(values, list) and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in values
    )


def _provenance(result: AuditResult) -> Section:
    cfg = _edges_said(dict(result.config))
    shown = ("limitations", "intended_use", "card", "notes")  # in their own sections
    prov = {k: v for k, v in result.data.get("provenance", {}).items() if k not in shown}
    # a yes/no as the JSON says it (true/false), as the run's settings below: never 'True'
    given = _flatten("", _said(prov), given=True)  # never in the tool's own words
    # the audit's settings under their own heading: a provenance key 'seed' is not the audit's;
    # each label worded apart from its key names the key, so a signer finds it in the JSON
    keys = key_note("config", "audit", cfg)
    settings = [Markup("<h3>Audit settings</h3>"), definition_list(_flatten("audit", cfg, skip=1))]
    settings += [paragraph(keys, "note")] if keys else []
    named = pv.json_keys((path for path, _ in _leaves((), _said(prov), str)), 0, given=True)
    lead = "As given (the JSON's data.provenance), each key in words ('_' read as a space)"
    lead += f"; {named}." if named else "."
    parts = [paragraph(lead, "note"), definition_list(given)] if given else []
    return Section("provenance", "Data, model and run provenance", join(*parts, *settings))


def _verdict(result: AuditResult) -> Section:
    """The first page: one sentence, counts per status, every comparison that is not a PASS."""
    counts = verdict.status_counts(result)
    items = (
        f"{status_badge(c.status)} <strong>{escape(pair_text(c))}</strong>"
        f" vs {escape(spaced_name(c.reference))}{escape(disadvantaged_note(c))} — "
        f"{escape(verdict.plain_reason(c))}"
        for c in verdict.needs_attention(result)
    )
    count_row = " · ".join(f"{status_badge(s)} {n}" for s, n in counts.items())
    words = verdict.withheld_in_words(result)
    hint = withheld_hint(result, cli=False)  # the flags, and the Python keywords
    return Section(
        "verdict",
        "Verdict",
        join(
            Markup(f"<p class='verdict'>{escape(verdict.verdict_sentence(result))}</p>"),
            Markup(f"<p class='status-counts'>{count_row}</p>"),
            bullets(items, " class='attention'"),
            paragraph(words, "callout") if words else Markup(""),
            Markup(
                "<div class='reproduce'><strong>Reproduce / change this audit</strong>"
                f"<p>{escape(hint)}</p></div>"
            )
            if hint
            else Markup(""),
        ),
    )


# The libraries whose versions can change a number in the report.
KEY_DEPENDENCIES = ("numpy", "pandas", "scikit-learn", "scipy", "duckdb", "sqlalchemy")


def _versions(cfg: dict) -> list[tuple[str, str]]:
    """The version lines of a run record: EthicLens's (``cfg``'s), then each key library's."""
    out = [("EthicLens", cfg["ethiclens_version"])]
    for name in KEY_DEPENDENCIES:
        try:
            out.append((f"{name} version", metadata.version(name)))
        except metadata.PackageNotFoundError:
            continue
    return out


def run_record(run: dict | None, cfg: dict, command: str) -> Section:
    """What anyone needs to re-run a run of ``command`` (audit, compare, thresholds) to the
    same numbers: input fingerprint, time, versions, seed and the full request
    (``ethiclens.run`` records it; a Python call records no request, and the section says
    so). ``run``: the JSON's ``run``; ``cfg``: its ``config``. Every value is escaped."""
    run = run or {}
    items = [
        ("generated (UTC)", run.get("generated_at", f"not recorded (Python {command} call)")),
        *_versions(cfg),
        ("seed", str(cfg["random_state"])),
        ("engine", str(run.get("engine", "in memory"))),
    ]
    items += list(_flatten("input", run.get("input") or {}))
    leaves = [*_leaves(("input",), run.get("input") or {}, _word)]
    leaves += [*_leaves(("gate",), run["gate"], _word)] if run.get("gate") else []
    keys = pv.json_keys((path for path, _ in leaves), 0)  # 'input file d.csv (SHA-256)'
    parts = [definition_list(items)]
    parts += [paragraph(f"In the JSON's run: {keys}.", "note")] if keys else []
    if run.get("spec"):
        # Without its outputs: re-running the record to check it must not overwrite this
        # signed report (or its card); the checker names the files they want.
        request = {k: v for k, v in run["spec"].items() if k != "outputs"}
        spec_text = _request_text(request)
        parts += [
            Markup(
                f"<h3>The request (save as {command}.yaml; ethiclens {command} --config "
                f"{command}.yaml --json check.json)</h3>"
            ),
            Markup(
                "<p>Its output files are left out, so that re-running it never overwrites "
                "this report.</p>"
            ),
            *_relative_note(request, command),
            Markup(f"<pre class='spec'>{escape_block(spec_text)}</pre>"),
        ]
    if run.get("gate"):
        parts += [Markup("<h3>Gate</h3>"), definition_list(list(_flatten("gate", run["gate"])))]
    return Section("run", "Run record (to reproduce every number)", join(*parts))


def _request_text(request: dict) -> str:
    """The request as YAML, each of its texts masked alone (:func:`_masked_request`); as JSON
    (which YAML reads) when it holds a character the page shows as an escape (a zero-width
    space, a bidi mark: ``\\u200b``): in YAML's plain text the escape read back as six
    characters, naming another group, while in JSON's quotes it is YAML's escape of the
    character itself, so the saved request re-runs."""
    from ..io import dump_yaml

    request = _masked_request(request)
    text = dump_yaml(request)
    if html_safe(text) == text:
        return text
    return json.dumps(request, indent=2, ensure_ascii=False, default=str)


def _masked_request(value, path: tuple = ()):
    """``value`` (the request, or a part of it at ``path``) with each text masked alone
    (:func:`masked`): the whole YAML masked at once read a protected column named
    ``api_token`` with its reference (``api_token=a``) as a secret (``api_token=***``), and the
    JSON form's bins of a column ``password`` (``"password": [18, 40]``) as ``'***', 40]``: the
    request no longer re-ran. A ``roles.protected`` entry ``ATTR=REF`` is masked on either
    side of its first '=', as the spec reads it; a mapping whose keys would mask alike is
    masked whole, as before (no key lost)."""
    if isinstance(value, dict):
        out = {_masked_request(k): _masked_request(v, (*path, k)) for k, v in value.items()}
        return out if len(out) == len(value) else masked(json.dumps(value, default=str))
    if isinstance(value, list | tuple):
        return [_masked_request(v, path) for v in value]
    if not isinstance(value, str):
        return value
    if path == ("roles", "protected") and "=" in value:
        column, _, reference = value.partition("=")
        return f"{masked(column)}={masked(reference)}"
    return masked(value)


def _relative_note(request: dict, command: str) -> list[Markup]:
    """Where the request's relative paths are read from: the folder a re-run starts in, so the
    same numbers come only from the folder this run started in (the report never writes the
    machine's folders; the input's SHA-256 above names the data file)."""
    paths = pv.relative_paths(request)
    if not paths:
        return []
    named = "; ".join(f"{k}: {p}" for k, p in paths)
    return [
        Markup(
            f"<p class='relative-paths'>Relative paths in it ({escape(named)}) are read from "
            f"the folder you run it in, as this {escape(command)} read them from the folder it "
            "ran in: run it from that folder, or change them to where the files are now (the "
            "input's SHA-256 above identifies the data file to use).</p>"
        )
    ]


def _sign_off(result: AuditResult) -> Section:
    """Prepared by / reviewed by / date / decision: from the model card's ``sign_off``
    section, or blank lines for ink."""
    given = dict(pv.card_sections(result.data.get("provenance", {}), "sign_off"))
    names = [key.replace("_", " ") for key in pv.CARD_FIELDS["sign_off"]]  # prepared by, ...
    rows = "".join(
        f"<tr><th scope='row'>{escape(name.capitalize())}</th>"
        f"<td class='ink'>{escape(given.get(name, ''))}</td></tr>"
        for name in names
    )
    return Section(
        "sign-off",
        "Sign-off",
        Markup(f"<table class='sign-off'><tbody>{rows}</tbody></table>"),
    )
