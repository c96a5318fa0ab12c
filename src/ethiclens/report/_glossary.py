"""Every metric, status and interval method in words a non-statistician reads.

The report links each column header to its entry (a tooltip on screen, the glossary section on
paper); a metric registered later without an entry here simply has no tooltip.
"""

from __future__ import annotations

from markupsafe import Markup, escape

GLOSSARY: dict[str, tuple[str, str]] = {
    # key: (term, explanation)
    "selection_rate": (
        "Selection rate",
        "The share of a group that receives the positive prediction.",
    ),
    "base_rate": ("Base rate", "The share of a group whose true label is positive."),
    "disparate_impact": (
        "DI (disparate impact)",
        "A group's selection rate divided by the reference group's. 1 means equal; 0.80 means "
        "the group is selected at 80% of the reference's rate (the 'four-fifths rule').",
    ),
    "statistical_parity_difference": (
        "SPD (statistical parity difference)",
        "A group's selection rate minus the reference group's, in percentage points / 100.",
    ),
    "equalized_odds_difference": (
        "EO (equalized odds difference)",
        "The larger of the gaps in true-positive rate and false-positive rate between the "
        "group and the reference: how differently the model errs for the two groups. Its "
        "interval is the larger of the two gaps' intervals, each at the report's level and "
        "not adjusted for the other: where both gaps are near 0 it covers the true EO less "
        "often (about 90% of audits at 95%; docs/methodology.md).",
    ),
    "equal_opportunity_difference": (
        "Equal opportunity difference",
        "The gap in true-positive rate: among people whose true label is positive, how much "
        "more often one group is predicted positive.",
    ),
    "predictive_parity_difference": (
        "Predictive parity difference",
        "The gap in PPV: how much more often a positive prediction is right for one group.",
    ),
    "fpr_balance": (
        "FPR balance",
        "The gap in false-positive rate: among people whose true label is negative, how much "
        "more often one group is wrongly predicted positive.",
    ),
    "theil_index": (
        "Theil index",
        "An inequality index of individual benefits (0 = everyone treated alike).",
    ),
    "ece": (
        "ECE (expected calibration error)",
        "How far predicted scores are from observed rates, averaged over score bins.",
    ),
    "ece_difference": ("ECE difference", "The group's ECE minus the reference group's."),
    "positive_predictive_value": (
        "PPV (precision)",
        "Of those predicted positive, the share truly positive.",
    ),
    "negative_predictive_value": (
        "NPV",
        "Of those predicted negative, the share truly negative.",
    ),
    "true_positive_rate": (
        "TPR (true-positive rate)",
        "Of those truly positive, the share predicted positive.",
    ),
    "false_positive_rate": (
        "FPR (false-positive rate)",
        "Of those truly negative, the share predicted positive.",
    ),
    "false_negative_rate": (
        "FNR (false-negative rate)",
        "Of those truly positive, the share predicted negative.",
    ),
    "false_discovery_rate": ("FDR", "Of those predicted positive, the share truly negative."),
    "false_omission_rate": ("FOR", "Of those predicted negative, the share truly positive."),
    "accuracy": ("Accuracy", "The share of predictions that are right."),
    "fnr_difference": ("FNR difference", "The gap in false-negative rate between the groups."),
    "npv_difference": ("NPV difference", "The gap in NPV between the groups."),
    "accuracy_difference": ("Accuracy difference", "The gap in accuracy between the groups."),
    "theil_difference": ("Theil difference", "The gap in Theil index between the groups."),
    # statuses
    "PASS": (
        "PASS",
        "The whole interval lies inside the policy band: the data supports no disparity "
        "beyond the policy's tolerance.",
    ),
    "FLAGGED": (
        "FLAGGED",
        "The whole interval lies outside the policy band: the data supports a disparity "
        "beyond the policy's tolerance.",
    ),
    "INCONCLUSIVE": (
        "INCONCLUSIVE",
        "The interval crosses a policy threshold: the data is consistent with both a "
        "disparity and none. More data would decide it.",
    ),
    "INSUFFICIENT_DATA": (
        "INSUFFICIENT DATA",
        "The group (or its reference) has fewer rows or labels than the sample floor, so "
        "its value is shown greyed and never judged.",
    ),
    "UNDEFINED": (
        "UNDEFINED",
        "The value cannot be computed (for example, a ratio whose denominator is zero); it "
        "is never shown as 0.",
    ),
    # methods and words
    "interval": (
        "Interval",
        "The range of values the data supports at the report's confidence level (95% unless "
        "it says otherwise); a verdict uses the whole range, never only the point estimate.",
    ),
    "jeffreys": (
        "Jeffreys intervals",
        "Intervals from random draws of each group's counts with a Jeffreys prior; they stay "
        "valid when a rate is 0 or 1.",
    ),
    "bca": (
        "BCa bootstrap",
        "A bootstrap interval corrected for bias and skew (bias-corrected and accelerated).",
    ),
    "percentile": ("Percentile bootstrap", "A bootstrap interval from the draws' percentiles."),
    "floor": (
        "Sample floor",
        "The minimum rows (and positive and negative labels) a group needs before EthicLens "
        "judges it.",
    ),
    "p_value": (
        "p-value",
        "How surprising the observed gap in selection rates would be if the rates were equal. "
        "A tiny p-value says the rates differ, not that they differ by enough to matter: the "
        "verdict compares the DI and EO intervals with the policy band instead, so a "
        "comparison can PASS with a p-value below 1e-6.",
    ),
    "composite": (
        "Composite bias score",
        "A 0–1 triage number (higher is fairer): the lowest (least fair) comparison's score, "
        "a weighted mix of its DI, SPD and EO (0.40, 0.35, 0.25, each mapped to 0–1). It "
        "never overrides a FLAGGED comparison.",
    ),
    "reference": (
        "Reference group",
        "The group every other group of the attribute is compared with.",
    ),
}


def header(key: str, text: str) -> Markup:
    """A column header with its glossary entry as a tooltip and a link to the glossary. Its
    words are in ``data-label`` too: printed, a table's header row is repeated on every page,
    and Chromium wrote each repeat's links again for every page before it (a PDF of 600
    groups: 172 pages of one table, 29,584 links per header, 115 MB); the print stylesheet
    hides the link and shows the label instead (the glossary is in the PDF all the same)."""
    entry = GLOSSARY.get(key)
    if entry is None:
        return Markup(escape(text))
    return Markup(
        f"<abbr title='{escape(entry[1])}' data-label='{escape(text)}'>"
        f"<a href='#glossary-{escape(key)}'>{escape(text)}</a></abbr>"
    )


def glossary_html() -> Markup:
    """The glossary as a definition list, every entry in order."""
    items = "".join(
        f"<dt id='glossary-{escape(k)}'>{escape(term)}</dt><dd>{escape(text)}</dd>"
        for k, (term, text) in GLOSSARY.items()
    )
    return Markup(f"<dl class='glossary'>{items}</dl>")
