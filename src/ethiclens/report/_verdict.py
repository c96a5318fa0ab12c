"""The report's first page in plain words: what the audit found, and what it could not judge.

A reader who stops after this page must still see every comparison that is not a PASS: flagged,
inconclusive, too small to judge, undefined — each with its reason and, for a flag, the group it
disadvantages. Nothing here computes a statistic; it reads the result.
"""

from __future__ import annotations

import math
import re

from .._checks import argument_kinds, check_count
from .._text import beside, spaced_name, threshold_text, unbounded_text
from ..fairness import (
    COMPARISON_METRIC_SPECS,
    STATUS_ORDER,
    AuditResult,
    Comparison,
    judged_largest_disparity,
    pair_text,
    policy_edges,
)
from ._paths import result_kind

# (one, many) — "1 comparison shows …" / "3 show …".
_PHRASES = {
    "FLAGGED": ("shows a disparity the data supports", "show a disparity the data supports"),
    "INCONCLUSIVE": (
        "is inconclusive: its interval spans both sides of a policy threshold",
        "are inconclusive: their intervals span both sides of a policy threshold",
    ),
    "INSUFFICIENT_DATA": ("could not be judged: too few rows or labels",) * 2,
    "UNDEFINED": (
        "is undefined: a rate it divides by is zero",
        "are undefined: a rate they divide by is zero",
    ),
    "PASS": (
        "passes: its interval lies inside the policy band",
        "pass: their intervals lie inside the policy band",
    ),
}

POLICY_METRICS = (("disparate_impact", "DI"), ("equalized_odds_difference", "EO"))

# what each exported sentence reads of its result and comparison (a stand-in holding them is
# read as one: a test's SimpleNamespace(comparisons=[...]))
_RESULT = result_kind(AuditResult, "comparisons", "config")
_COMPARISON = result_kind(Comparison, "status", "metrics", "flag_reason")


def _unjudged_kind(value, argument: str) -> None:  # how many comparisons could not be judged
    check_count(value, argument, minimum=0, fix="e.g. 0")


def di_band(policy: dict) -> str:
    """Where a DI interval must lie to flag, from the policy: 'outside [0.80, 1.25]' (the
    two-sided rule) or 'below 0.80' (the one-sided one); every face states the line so."""
    t = policy["di_threshold"]
    if policy.get("di_rule", "two_sided") == "below":
        return f"below {threshold_text(t)}"
    return f"outside [{threshold_text(t)}, {threshold_text(1 / t)}]"


def status_counts(result) -> dict[str, int]:
    statuses = [c.status for c in result.comparisons]
    return {s: statuses.count(s) for s in STATUS_ORDER if s in statuses}


@argument_kinds(result=result_kind(AuditResult, "comparisons"))
def verdict_sentence(result) -> str:
    """'Of 6 comparisons, 2 show a disparity the data supports; 2 are inconclusive: …'."""
    counts = status_counts(result)
    total = sum(counts.values())
    if not total:
        return "No comparison was made: every attribute has a single group."
    parts = [f"{n:,} {_PHRASES[s][0] if n == 1 else _PHRASES[s][1]}" for s, n in counts.items()]
    noun = "comparison" if total == 1 else "comparisons"
    return f"Of {total:,} {noun}, " + "; ".join(parts) + "."


def needs_attention(result) -> list:
    """Every comparison that is not a PASS, in the order a reader should act on them."""
    rank = {s: i for i, s in enumerate(STATUS_ORDER)}
    return sorted(
        (c for c in result.comparisons if c.status != "PASS"), key=lambda c: rank[c.status]
    )


@argument_kinds(c=_COMPARISON)
def plain_reason(c) -> str:
    """Why this comparison has its status, in words, from its policy metrics' own reasons; a
    policy metric that is UNDEFINED is named with its reason too, whichever set the status."""
    flagged = c.status == "FLAGGED" and bool(c.flag_reason)
    reasons, undefined = [c.flag_reason] if flagged else [], []
    for key, short in POLICY_METRICS:
        m = c.metrics.get(key)
        if m is None:
            continue
        if m.status == c.status and m.reason and not flagged:
            reasons.append(f"{short}: {m.reason}")
        elif m.status == "UNDEFINED" and m.status != c.status:
            undefined.append(f"{short} is undefined" + (f": {m.reason}" if m.reason else ""))
    if c.status == "INCONCLUSIVE":
        reasons.append("more data would narrow the interval and decide it")
    if c.status == "INSUFFICIENT_DATA":
        reasons.append("merge it with another group or collect more rows before judging")
    return "; ".join(reasons + undefined) or c.status.replace("_", " ").lower()


@argument_kinds(result=_RESULT)
def largest_disparity(result):
    """(The judged comparison whose DI is farthest from 1 on the log scale, how many could not
    be judged — so the reader knows it is a lower bound), or None: the fairness core's
    ``headlines.largest_disparity`` rule, as the pages print it."""
    found = judged_largest_disparity(result.comparisons, result.config["positive_is_favorable"])
    return None if found is None else (found[0], len(found[1]))


def _bound(v, edges=()) -> str:
    """A DI bound: ∞, or to 3 places (more beside a threshold in ``edges``: ``beside``)."""
    return "∞" if v is not None and math.isinf(v) else beside(v, edges) if edges else f"{v:.3f}"


def di_point(result, value: float, digits: int = 3) -> str:
    """A DI point estimate (a headline's) to ``digits`` places, more beside the policy's DI
    edges (``beside``): 0.7996 beside a FLAGGED interval never reads as the edge (0.800)."""
    return beside(value, policy_edges("disparate_impact", result.config["policy"]), digits)


def di_percent(result, value: float) -> str:
    """A DI as a percentage of the reference's rate (80%), on its side of the edges too: the
    DI's own text to 2 places or more, its point moved 2 places (a DI of exactly 0.57 at a
    threshold of 0.57 reads 57%: 100 × 0.57 is 56.99999999999999, which read 56.9999…%)."""
    text = di_point(result, value, 2)
    split = re.fullmatch(r"(\d+)\.(\d\d)(\d*…?)", text)
    if split is None:  # inf or nan
        return f"{value:.0%}"
    whole, cents, rest = split.groups()
    return f"{int(whole + cents)}{'.' if rest[:1].isdigit() else ''}{rest}%"


def largest_disparity_value(result, c) -> str:
    """The headline's figure: 'DI 1.234', or 'DI unbounded [61.972, ∞)' when the reference is
    never selected (the interval's finite bound is what the data supports), printed on its
    side of the policy's DI thresholds, as :func:`largest_disparity_note` prints it."""
    m = c.metrics["disparate_impact"]
    if math.isinf(m.value):
        edges = policy_edges("disparate_impact", result.config["policy"])
        low = "—" if m.ci_low is None else _bound(m.ci_low, edges)
        return f"DI {unbounded_text(low)}"
    return f"DI {di_point(result, m.value)}"


@argument_kinds(result=_RESULT, c=_COMPARISON, unjudged=_unjudged_kind)
def largest_disparity_note(result, c, unjudged: int) -> str:
    m = c.metrics["disparate_impact"]
    edges = policy_edges("disparate_impact", result.config["policy"])
    label = "favourable" if result.config["positive_is_favorable"] else "harmful"
    bounds = (m.ci_low, m.ci_high)
    interval = "" if None in bounds else f" [{_bound(m.ci_low, edges)}, {_bound(m.ci_high, edges)}]"
    if math.isinf(m.value) and m.ci_low is not None:  # the monitor's words, never [x, inf]
        interval = unbounded_text(_bound(m.ci_low, edges)).removeprefix("unbounded")
    group, reference = spaced_name(c.group), spaced_name(c.reference)  # ' d' never as 'd'
    attribute = spaced_name(c.attribute)
    if m.value == 0 or math.isinf(m.value):
        never, given = (reference, group) if m.value else (group, reference)
        text = (
            f"{attribute}: {never} is never given the {label} label while {given} is "
            f"(DI {'unbounded' if m.value else '0.000'}{interval}, {c.status})."
        )
    elif interval:
        more, less = (group, reference) if m.value > 1 else (reference, group)
        times = beside(max(m.value, 1 / m.value), [max(e, 1 / e) for e in edges if e], 2)
        text = (
            f"{attribute}: {more} is given the {label} label {times}× "
            f"as often as {less} (DI {di_point(result, m.value)}{interval}, {c.status})."
        )
    else:
        di = di_point(result, m.value)
        text = f"{attribute}: {group} vs {reference}, DI {di} ({c.status})."
    if unjudged:
        text += (
            f" Among the comparisons that could be judged; {unjudged} could not, so the "
            "largest disparity may be larger."
        )
    return text


def composite_caveat(result) -> str | None:
    """A risk band next to flagged comparisons must say that it does not override them."""
    flagged = len(result.flagged)
    if result.composite.withheld or not flagged:
        return None
    were = "comparison is" if flagged == 1 else "comparisons are"
    return (
        f"{flagged} {were} FLAGGED: the composite score is the lowest (least fair) "
        "comparison's score, a weighted mix of its DI, SPD and EO, and does not override a flag."
    )


# What the headlines are made of (the composite's parts; the minimum DI reads the first).
HEADLINE_PARTS = ("disparate_impact", "statistical_parity_difference", "equalized_odds_difference")


def _cause(name: str, m, ref, helps) -> str | None:
    """Why ``m`` (metric ``name`` of a comparison with ``ref``) gives no headline number;
    ``helps(name)``: whether another group of the attribute could be its reference."""
    if m.status == "INSUFFICIENT_DATA":
        return "small"
    if m.status == "UNDEFINED":
        if _usable_reference(name, ref):
            return "group_undefined"
        return "undefined" if helps(name) else "no_reference"
    if name == "disparate_impact" and m.value is not None and math.isinf(m.value):
        return "unbounded"
    return None


def _usable_reference(name: str, group) -> bool:
    """Whether ``group`` as the reference leaves comparison metric ``name`` defined: each rate
    it is built from finite, and a ratio's above 0. An UNDEFINED metric whose reference is
    usable is so because of the comparison group's own rate (too few rows or labels of a kind,
    cells dropped below a counts table's --min-cell): another reference would not help."""
    spec = COMPARISON_METRIC_SPECS.get(name)
    if spec is None or group is None:
        return True
    values = [group.metrics[k].value if k in group.metrics else None for k in spec.components]
    defined = all(v is not None and math.isfinite(v) for v in values)
    return defined and not (spec.kind == "ratio" and 0 in values)


def withheld_causes(result) -> dict:
    """Why the comparisons behind a withheld headline lack a number: ``"small"`` (below a
    sample floor), ``"undefined"`` (a rate of 0/0 of the reference group, or a ratio's
    reference rate of 0, where another group could be the reference), ``"no_reference"`` (the
    same, but no group of the attribute could: no row predicted positive, say),
    ``"group_undefined"`` (a rate of 0/0 of the comparison group itself) or ``"unbounded"``
    (a reference group never selected: DI is infinite), each mapped to its comparisons, in the
    result's order."""
    heads = [h for h in (result.composite, result.min_disparate_impact) if h.withheld]
    affected = {k for h in heads for k in h.affected}
    attrs = {a.name: a for a in result.attributes}
    refs = {a.name: g for a in result.attributes for g in a.groups if g.is_reference}
    usable = {}  # (attribute, metric) -> another group could be the reference: once each

    def helps(attr, name):
        if (attr, name) not in usable:
            others = [g for g in attrs[attr].groups if not g.is_reference]
            usable[attr, name] = any(_usable_reference(name, g) for g in others)
        return usable[attr, name]

    causes = {}
    for c in result.comparisons:
        if c.key not in affected:
            continue
        # each cause once per comparison, in the metrics' order (not a scan of the lists:
        # thousands of groups stay linear)
        ref = refs.get(c.attribute)
        found = (
            _cause(k, c.metrics[k], ref, lambda n, a=c.attribute: helps(a, n))
            for k in HEADLINE_PARTS
            if k in c.metrics
        )
        for cause in dict.fromkeys(found):
            if cause:
                causes.setdefault(cause, []).append(c)
    return causes


# cause -> (why, in a sentence; what would make the headline available)
_WITHHELD_WORDS = {
    "small": (
        "some groups are too small",
        "merging the small groups into a larger one, excluding them with a stated reason, or "
        "collecting more rows",
    ),
    "undefined": (
        "a rate of the reference group is undefined",
        "choosing another reference group or excluding the group with a stated reason",
    ),
    "no_reference": (
        "no group can serve as the reference (a rate the comparison is built from is 0 or "
        "undefined in every group; no row predicted positive, say)",
        "correcting the predictions or the positive label, if either is wrong,",
    ),
    "group_undefined": (
        "a group's own rate is undefined (no rows of a kind it needs, such as negative labels)",
        "merging or excluding the group with a stated reason, or collecting more rows",
    ),
    "unbounded": (
        "a reference group is never selected, so DI is unbounded",
        "choosing a reference group that is selected",
    ),
}


def withheld_in_words(result) -> str | None:
    """What would make a withheld headline available, without command-line flags."""
    if not (result.composite.withheld or result.min_disparate_impact.withheld):
        return None
    causes = withheld_causes(result)
    if not causes:
        return (
            "A headline number is withheld because a part of it cannot be measured here "
            "(for example, there are no ground-truth labels)."
        )
    # each comparison once, in key order, as its names say it (g:' d', never g: d)
    named = {c.key: pair_text(c, ":") for cs in causes.values() for c in cs}
    affected = [named[k] for k in sorted(named)]
    why = " and ".join(_WITHHELD_WORDS[k][0] for k in causes)
    how = "; or ".join(_WITHHELD_WORDS[k][1] for k in causes)
    return (
        f"A headline number is withheld because {why}: {', '.join(affected)}. "
        f"{how[:1].upper() + how[1:]} would make it available."
    )
