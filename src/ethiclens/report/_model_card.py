"""A Markdown model card (Mitchell et al. 2019) filled from an audit's real numbers."""

from __future__ import annotations

import re

from ..fairness import AuditResult
from ._audit_report import (
    COMPARISON_COLUMNS,
    GROUP_COLUMNS,
    LIMITATIONS,
    _impossibility,
    _plain_withheld,
    fmt_estimate,
    outcome_sentence,
)

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")


def md(text) -> str:
    """Escape Markdown (and inline HTML) so data such as group names render literally."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def _table(headers, rows) -> str:
    lines = ["| " + " | ".join(md(h) for h in headers) + " |",
             "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(md(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def render_model_card(result: AuditResult) -> str:
    prov = result.data.get("provenance", {})
    model = prov.get("model", {}) or {}
    data = prov.get("data", {}) or {}
    cfg = result.config
    out = [f"# Model card: {md(prov.get('dataset', 'audited model'))}", ""]

    out += ["## Model details", ""]
    out += [f"- {md(k)}: {md(v)}" for k, v in model.items()] or ["- Not described by the user."]
    out += [f"- Audited with EthicLens {md(cfg['ethiclens_version'])}, seed {cfg['random_state']}, "
            f"{cfg['n_boot']} bootstrap replicates ({md(cfg['ci_method'])} intervals).", ""]

    out += ["## Intended use", ""]
    if data:
        out += ["- A benchmark model trained by EthicLens to demonstrate and test fairness "
                "auditing. It is not intended for decisions about people.",
                f"- Prediction target: {md(prov.get('label', 'not stated'))}."]
    else:
        out += ["- To be completed by the model owner: primary uses, users, and out-of-scope "
                "uses. EthicLens audited the predictions it was given; it cannot know the "
                "intended use."]
    out += [f"- {md(outcome_sentence(result, prov.get('label')))}", ""]

    out += ["## Factors", ""]
    for a in result.attributes:
        groups = ", ".join(f"{md(g.group)} (n={g.n})" for g in a.groups)
        out.append(f"- {md(a.name)}: reference {md(a.reference)} ({md(a.reference_source)}); "
                   f"groups {groups}.")
    out.append("")

    policy = cfg["policy"]
    out += ["## Metrics", "",
            "- Disparate impact (DI = r_group / r_reference) and statistical parity difference; "
            "equalized-odds difference (max of |ΔTPR|, |ΔFPR|), equal opportunity, predictive "
            "parity, FPR balance, Theil index" + (", ECE" if cfg.get("has_scores") else "") + ".",
            f"- Flag policy: DI interval entirely below {policy['di_threshold']:.2f}, or "
            f"equalized-odds interval lower bound above {policy['eo_threshold']:.2f}.",
            f"- Sample floors: {policy['min_group_size']} rows per group for selection rates; "
            f"{policy['min_label_count']} positive and negative labels per group for error "
            "rates.",
            f"- Intervals: {cfg['confidence_level']:.0%} bootstrap, stratified by group; each "
            "interval states its method in the JSON report.", ""]

    out += ["## Evaluation data", ""]
    out += [f"- Rows audited: {result.data['n_rows']:,}."]
    out += [f"- {md(k)}: {md(v)}" for k, v in data.items() if not isinstance(v, (dict, list))]
    out.append("")

    out += ["## Quantitative analyses", ""]
    comp, mindi = result.composite, result.min_disparate_impact
    if comp.withheld:
        why = md(_plain_withheld(comp))
        out.append(f"**Composite bias score: withheld.** {why}")
    else:
        out.append(f"**Composite bias score: {comp.value:.4f} ({md(comp.band)})**, at "
                   f"{md(comp.comparison)}.")
    out.append("")
    if mindi.withheld:
        out.append(f"**Minimum DI: withheld.** {md(_plain_withheld(mindi))}")
    else:
        out.append(f"**Minimum DI: {mindi.value:.3f}** at {md(mindi.comparison)}.")
    out.append("")
    present = [(k, h) for k, h in COMPARISON_COLUMNS
               if any(k in c.metrics for c in result.comparisons)]
    for a in result.attributes:
        out += [f"### {md(a.name)}", ""]
        gcols = [(k, h) for k, h in GROUP_COLUMNS if k in a.groups[0].metrics]
        out.append(_table(["Group", "n", *[h for _, h in gcols]],
                          [[g.group + (" (reference)" if g.is_reference else ""), g.n,
                            *[fmt_estimate(g.metrics[k]) for k, _ in gcols]] for g in a.groups]))
        out.append("")
        rows = [[c.group, f"{c.n['group']}/{c.n['reference']}",
                 *[fmt_estimate(c.metrics.get(k)) for k, _ in present], c.status,
                 c.flag_reason or ""] for c in result.comparisons if c.attribute == a.name]
        out.append(_table(["Group vs reference", "n", *[h for _, h in present], "Status",
                           "Flag reason"], rows))
        sentence = _impossibility(a) if cfg["labelled"] else None
        if sentence:
            out += ["", md(sentence)]
        out.append("")

    out += ["## Ethical considerations", ""]
    flagged = result.flagged
    if flagged:
        out += [f"- Flagged: {md(c.key)} vs {md(c.reference)}: {md(c.flag_reason)}."
                for c in flagged]
    else:
        out.append("- No comparison was flagged under the policy; inconclusive and "
                   "insufficient-data comparisons are not evidence of fairness.")
    out += [f"- {md(outcome_sentence(result, prov.get('label')))}", ""]

    out += ["## Caveats and recommendations", ""]
    out += [f"- {md(t)}" for t in LIMITATIONS]
    small = [c.key for c in result.comparisons if c.status == "INSUFFICIENT_DATA"]
    if small:
        out.append(f"- Too little data to judge: {md(', '.join(small))}. Collect more "
                   "evaluation data for these groups before drawing conclusions.")
    out.append("")
    return "\n".join(out)
