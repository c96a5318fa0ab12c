"""A model card (Mitchell et al. 2019) filled from an audit's real numbers, as Markdown or HTML.

The card is built once as a list of blocks (headings, bullets, paragraphs, tables of plain
text); one renderer escapes them for Markdown, the other for HTML, so both say the same thing.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from markupsafe import Markup

from .._keywords import refusing_unknown_keywords
from .._text import markdown_safe, one_paragraph, spaced_name
from ..errors import EthicLensInputError, plain_text
from ..fairness import AuditResult, comparison_columns, group_columns, key_text, pair_text
from . import _provenance as pv
from ._audit_report import (
    _flatten,
    _impossibility,
    _plain_withheld,
    _request_text,
    _suppressed,
    changes_sentence,
    di_rule_sentence,
    flag_line,
    fmt_estimate,
    interval_sentence,
    key_note,
    methods_said,
    min_di_note,
    missing_code_notes,
    outcome_sentence,
    reference_words,
    run_notes,
    weighted_sentence,
    withheld_hint,
)
from ._paths import check_result
from ._render import Report, Section, masked, names_alone
from ._verdict import (
    composite_caveat,
    di_point,
    largest_disparity,
    largest_disparity_note,
    largest_disparity_value,
    plain_reason,
    policy_edges,
    verdict_sentence,
)

# `&` too: unescaped, a group named `x&amp;y` would show as x&y, and `a&rlm;b` would hide a
# direction mark that html_safe() shows as an escape when it is written as the character. `$`
# too: GitHub reads `$...$` as inline math (income bands `$0-$25k`, `$25k-$50k` lost their
# dollars, the text between them set as a formula).
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~&$])")
# What starts a list item, a thematic break or a setext underline at a line's start ('1. Only
# 2019 data', '2020) ...', '- none', '---', '==='): as a limitation's bullet ('- 1. Only ...')
# the card showed a nested list or a rule and lost the user's words. Escaped where the text
# starts, when a space, the line's end or more of them follows ('-5', '1.5' and '=1+2' start
# none); a backslash before '.', ')', '-' or '=' shows the character alone everywhere.
_MD_LEADING = re.compile(r"^(\s*)(?:(\d{1,9})([.)])|([-=]))(?=[\s=-]|$)")
# What GitHub's Markdown links by itself in plain text (its "extended autolinks"): a URL
# 'https://x.org/a', 'www.x.org', an address 'a@x.org' (and 'mailto:'/'xmpp:' ones). A group, a
# model name or a limitation so written became a link the user never made (a click away from
# the card). A backslash before the scheme's ':', the '.' after 'www' and every '@' shows the
# text as written and links nothing ('_' before them is no word break for GitHub: escaped too).
_MD_AUTOLINK = re.compile(
    r"(?i)((?<![a-z0-9+.-])[a-z][a-z0-9+.-]*(?=:/)|(?<![a-z0-9])www(?=\.))(.)|()(@)"
)


def _md_escaped(text: str) -> str:
    """``text`` with Markdown's inline specials and a leading block marker escaped."""
    escaped = _MD_AUTOLINK.sub(r"\1\\\2\4", _MD_SPECIAL.sub(r"\\\1", text))
    return _MD_LEADING.sub(lambda m: f"{m[1]}{m[2] or ''}\\{m[3] or m[4]}", escaped)


def md(text) -> str:
    """Escape Markdown (and inline HTML) so data such as group names render literally; a
    newline, CR or tab is shown as ``\\n`` / ``\\r`` / ``\\t`` (as a space, the groups ``new line``
    and ``new\\nline`` would read the same, and a raw newline would break a table row). A
    password in it (a URL's ``user:password@``, ``?token=``) is shown as ``***``, as in the HTML
    report, masked before the escapes so that the mask is text, not emphasis. A control or
    invisible character is shown as its escape (``\\x1b``, ``\\u202e``), as on every face
    (:func:`ethiclens._text.markdown_safe`)."""
    escaped = _md_escaped(masked(plain_text(text)))  # 10**5000 shortened, as the HTML's
    lines = escaped.replace("\n", "\\\\n").replace("\r", "\\\\r").replace("\t", "\\\\t")
    return markdown_safe(lines)


def _prose(text) -> str:
    """The user's own descriptive text (a card field, a limitation): escaped, its line breaks
    as spaces, as the HTML report shows it (:func:`ethiclens._text.one_paragraph`)."""
    return _md_escaped(masked(one_paragraph(text)))


def _table(headers, rows) -> str:
    lines = [
        "| " + " | ".join(md(h) for h in headers) + " |",
        "|" + "|".join("---" for _ in headers) + "|",
    ]
    lines += ["| " + " | ".join(md(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _pairs(items) -> list[str]:
    return [
        f"- {md(k[:1].upper() + k[1:])}: {_prose(v)}" if k else f"- {_prose(v)}" for k, v in items
    ]


@refusing_unknown_keywords
@names_alone
def render_model_card(result: AuditResult) -> str:
    """Mitchell et al.'s sections; text about the model and its use comes from provenance.

    The user's words (``--model-name``, ``--intended-use``, ``--card-info``, or
    ``provenance=``) fill the descriptive sections; without them the card says they were not
    given, and never borrows a benchmark's description.
    """
    check_result(result, AuditResult, "result")
    prov = result.data.get("provenance", {})
    title = pv.model_name(prov) or pv.given(prov, "dataset", "audited model")
    out = [f"# Model card: {md(title)}", ""]
    for section in _SECTIONS:
        out += section(result, prov)
    # every line at once: user text also reaches the card inside sentences, not only via md()
    return markdown_safe("\n".join(out))


def _model_details(result: AuditResult, prov: dict) -> list[str]:
    cfg = result.config
    details = pv.model_details(prov)
    out = ["## Model details", ""]
    out += (
        _pairs(details)
        if details
        else [
            "- Not described by the user (name it with --model-name, --model-version or "
            "--card-info; provenance={'model': ...} in Python)."
        ]
    )
    return out + [
        f"- Audited with EthicLens {md(cfg['ethiclens_version'])}, seed {cfg['random_state']}, "
        f"{cfg['n_boot']} interval draws ({md(cfg['ci_method'])} intervals).",
        *_gate_line((result.run or {}).get("gate")),
        "",
    ]


def _gate_line(gate) -> list[str]:
    """The run's gate outcome (the JSON's ``run.gate``, the HTML report's run record), or []."""
    if not gate:
        return []
    said = [f"fail on {gate['fail_on']}"] + (
        [f"baseline {gate['baseline']}"] if gate.get("baseline") else []
    )
    found = [
        f"{k}: {'; '.join(map(str, gate[k]))}"
        for k in ("failures", "regressions", "notes")
        if gate.get(k)
    ]
    verdict = "passed" if gate["passed"] else "failed"
    return [
        f"- Gate: **{verdict}** ({md(', '.join(said))})"
        + "".join(f". {md(f)}" for f in found)
        + "."
    ]


def _intended_use(result: AuditResult, prov: dict) -> list[str]:
    out = ["## Intended use", "", *_pairs(pv.intended_use(prov))]
    if pv.given(prov, "label"):
        out.append(f"- Prediction target: {md(prov['label'])}.")
    return out + [f"- {md(outcome_sentence(result, pv.given(prov, 'label')))}", ""]


def _factors(result: AuditResult, prov: dict) -> list[str]:
    out = ["## Factors", ""]
    for a in result.attributes:
        groups = ", ".join(f"{md(spaced_name(g.group))} (n={g.n:,})" for g in a.groups)
        name, reference = md(spaced_name(a.name)), md(spaced_name(a.reference))
        out.append(
            f"- {name}: reference {reference} ({md(reference_words(result, a))}); groups {groups}."
        )
    changes = changes_sentence(result.config, result.run)
    if changes:
        out.append(f"- {md(changes)}")
    return out + _pairs(pv.card_sections(prov, "factors")) + [""]


def _metrics(result: AuditResult, prov: dict) -> list[str]:
    cfg = result.config
    policy = cfg["policy"]
    rows = "Kish effective rows" if cfg.get("weighted") else "rows"
    out = [
        "## Metrics",
        "",
        "- Disparate impact (DI = r_group / r_reference) and statistical parity difference; "
        "equalized-odds difference (max of |ΔTPR|, |ΔFPR|), equal opportunity, predictive "
        "parity, FPR balance, Theil index" + (", ECE" if cfg.get("has_scores") else "") + ".",
        f"- {md(di_rule_sentence(policy, not cfg['positive_is_favorable']))}",
        f"- Sample floors: {policy['min_group_size']:,} {rows} per group for selection rates; "
        f"{policy['min_label_count']:,} positive and negative labels per group for error "
        "rates. Below a floor a value is shown without an interval and is not judged.",
        f"- Intervals: {md(interval_sentence(cfg))}.",
    ]
    weighted = weighted_sentence(cfg)
    if weighted:
        out.append(f"- {md(weighted)}")
    return out + _pairs(pv.card_sections(prov, "metrics")) + [""]


def _data(result: AuditResult, prov: dict) -> list[str]:
    data = prov.get("data", {}) or {}
    if not isinstance(data, dict):  # provenance={'data': 'from the 2024 survey'} in Python
        data = {
            "data": pv._join(data, "provenance['data']") if not isinstance(data, bool) else data
        }
    out = ["## Evaluation data", "", f"- Rows audited: {result.data['n_rows']:,}."]
    if pv.given(prov, "dataset"):
        out.append(f"- Data: {md(prov['dataset'])}.")
    said = [(k, pv.field_text(v)) for k, v in data.items() if not isinstance(v, dict | list)]
    out += [f"- {md(pv.data_label(k))}: {md(v)}" for k, v in said if v]  # 'Shipped in package: yes'
    out += _pairs(pv.card_sections(prov, "evaluation_data"))
    # what the HTML report's summary says of the data (groups named like a missing value, a
    # label's other values counted as negative): the same notes, from the same functions
    out += [f"- Note: {md(n)}" for n in [*missing_code_notes(result), *run_notes(result)]]
    out.append("")
    training = pv.card_sections(prov, "training_data")
    if training:
        out += ["## Training data", "", *_pairs(training), ""]
    return out


def _quantitative(result: AuditResult, prov: dict) -> list[str]:
    """The headlines (or why they were withheld), then each attribute's tables."""
    # the verdict in the HTML report's and the web app's words (report.verdict_sentence)
    out = ["## Quantitative analyses", "", f"**Verdict: {md(verdict_sentence(result))}**", ""]
    for said in (changes_sentence(result.config, result.run), weighted_sentence(result.config)):
        out += [f"**{md(said)}**", ""] if said else []
    comp, mindi = result.composite, result.min_disparate_impact
    if comp.withheld:
        out.append(f"**Composite bias score: withheld.** {md(_plain_withheld(comp, result))}")
    else:
        caveat = composite_caveat(result)
        out.append(
            f"**Composite bias score: {comp.value:.4f} ({md(comp.band)})**, at "
            f"{md(key_text(result, comp.comparison))}." + (f" {md(caveat)}" if caveat else "")
        )
    out.append("")
    largest = largest_disparity(result)
    if not result.config["positive_is_favorable"] and largest is not None:
        # the same headline as the HTML report and the terminal (docs/report.md)
        c, unjudged = largest
        out.append(
            f"**Largest disparity: {md(largest_disparity_value(result, c))}** at "
            f"{md(pair_text(c, ':'))}. "
            f"{md(largest_disparity_note(result, c, unjudged))}"
        )
    elif mindi.withheld:
        out.append(f"**Minimum DI: withheld.** {md(_plain_withheld(mindi, result))}")
    else:
        out.append(
            f"**Minimum DI: {di_point(result, mindi.value)}** at "
            f"{md(key_text(result, mindi.comparison))}. "
            f"{md(min_di_note(result))}"
        )
    out.append("")
    hint = withheld_hint(result, cli=False)
    if hint:
        out += [md(hint), ""]
    for a in result.attributes:
        out += _attribute_tables(result, a)
    return out


def _attribute_tables(result: AuditResult, a) -> list[str]:
    present = [
        (k, h) for k, h in comparison_columns() if any(k in c.metrics for c in result.comparisons)
    ]
    gcols = [(k, h) for k, h in group_columns() if k in a.groups[0].metrics]
    edges = {k: policy_edges(k, result.config["policy"]) for k, _ in present}
    groups = _table(
        ["Group", "n", *[h for _, h in gcols]],
        [
            [
                spaced_name(g.group) + (" (reference)" if g.is_reference else ""),
                f"{g.n:,}",
                *[fmt_estimate(g.metrics[k], why=True) for k, _ in gcols],
            ]
            for g in a.groups
        ],
    )
    comparisons = [c for c in result.comparisons if c.attribute == a.name]
    rows = [
        [
            spaced_name(c.group),
            c.n_text(),
            *[fmt_estimate(c.metrics.get(k), edges[k], why=True) for k, _ in present],
            c.status,
            _reason(c),
        ]
        for c in comparisons
    ]
    headers = ["Group vs reference", "n", *[h for _, h in present], "Status", "Reason"]
    # each table names its intervals' methods, as the HTML report's captions do (ECE's is a
    # percentile bootstrap in a Jeffreys audit)
    said = (
        methods_said([(h, [g.metrics[k] for g in a.groups]) for k, h in gcols]),
        methods_said([(h, [c.metrics.get(k) for c in comparisons]) for k, h in present]),
    )
    head = f"### {md(spaced_name(a.name))}"
    out = [head, "", groups, "", f"{md(said[0])}.", "", _table(headers, rows)]
    out += ["", f"{md(said[1])}."]
    sentence = _impossibility(a) if result.config["labelled"] else None
    if sentence:
        out += ["", md(sentence)]
    return out + [""]


def _reason(c) -> str:
    """Why a comparison has its status, in the report's words (``report.plain_reason``: a
    flag's reason, an undefined ratio's cause, what would decide an inconclusive one); blank
    for a PASS with nothing to add."""
    reason = plain_reason(c)
    return "" if c.status == "PASS" and reason == "pass" else reason


def _ethics(result: AuditResult, prov: dict) -> list[str]:
    out = ["## Ethical considerations", ""]
    if result.flagged:
        out += [f"- Flagged: {md(flag_line(c))}." for c in result.flagged]
    else:
        out.append(
            "- No comparison was flagged under the policy; inconclusive and "
            "insufficient-data comparisons are not evidence of fairness."
        )
    out += [f"- {_prose(t)}" for t in pv.ethical_considerations(prov)]
    return out + [f"- {md(outcome_sentence(result, prov.get('label')))}", ""]


def _caveats(result: AuditResult, prov: dict) -> list[str]:
    out = ["## Caveats and recommendations", ""]
    out += [f"- {_prose(t)}" for t in pv.limitations(prov)]
    small = [c for c in result.comparisons if c.status == "INSUFFICIENT_DATA"]
    gone = [pair_text(c, ":") for c in small if _suppressed(c)]
    small = [pair_text(c, ":") for c in small if not _suppressed(c)]
    if small:
        out.append(
            f"- Too little data to judge: {md(', '.join(small))}. Collect more "
            "evaluation data for these groups before drawing conclusions."
        )
    if gone:
        out.append(
            f"- Not reported: {md(', '.join(gone))}, suppressed by --min-cell when the counts "
            "table was made (every cell held fewer rows). Count the data again with a smaller "
            "--min-cell if the data's privacy rules allow, or audit the rows."
        )
    return out + [""]


def _run_record(result: AuditResult, prov: dict) -> list[str]:
    """What was audited, as the HTML report's run record says it: the input's fingerprint
    (SHA-256 of each file), the engine, the time and the request (its outputs left out, so a
    re-run never overwrites this card; passwords masked), so a signed card names its data."""
    run = result.run or {}
    out = ["## Run record", ""]
    if not run:
        return out + [
            "- Input and request not recorded (a Python audit call); ethiclens.run(...) and "
            "the command line record the input's SHA-256 and the request.",
            "",
        ]
    items = [("generated (UTC)", run.get("generated_at")), ("engine", run.get("engine"))]
    items += _flatten("input", run.get("input") or {})
    out += [f"- {md(k)}: {md(v)}" for k, v in items if v is not None]
    keys = key_note("run", "", {"input": run.get("input") or {}})  # as the HTML report's
    out += ["", md(keys)] if keys else []
    if run.get("spec"):
        text = _request_text({k: v for k, v in run["spec"].items() if k != "outputs"})
        fence = "`" * max(3, 1 + max(map(len, re.findall("`+", text)), default=0))
        out += [
            "",
            "The request (save as audit.yaml; ethiclens audit --config audit.yaml --json "
            "check.json); its output files are left out, so re-running it never overwrites "
            "this card:",
            "",
            f"{fence}yaml",
            text.rstrip("\n"),
            fence,
        ]
    return out + [""]


def _sign_off(result: AuditResult, prov: dict) -> list[str]:
    """The HTML report's sign-off (prepared by, reviewed by, date, decision) when the card's
    ``sign_off`` section gives any of it: the given fields filled, the others left blank for
    ink. The card left it out, given or not, where the report signed off."""
    given = dict(pv.card_sections(prov, "sign_off"))
    if not given:
        return []
    names = [key.replace("_", " ") for key in pv.CARD_FIELDS["sign_off"]]  # prepared by, ...
    rows = [(name.capitalize(), given.get(name, "")) for name in names]
    return ["## Sign-off", "", _table(("Field", "Entry"), rows), ""]


# The card's sections in Mitchell et al.'s order; each returns its Markdown lines.
_SECTIONS = (
    _model_details,
    _intended_use,
    _factors,
    _metrics,
    _data,
    _quantitative,
    _ethics,
    _caveats,
    _run_record,
    _sign_off,
)


@refusing_unknown_keywords
@names_alone
def render_model_card_html(result: AuditResult) -> str:
    """The same card as a self-contained HTML page (the report's styles, print included).

    The Markdown card escapes every user string; markdown-it (raw HTML disabled) turns it into
    HTML whose text is escaped again, so a group called ``<script>`` is shown, never run.
    """
    check_result(result, AuditResult, "result")
    from markdown_it import MarkdownIt

    to_html = MarkdownIt("commonmark", {"html": False}).enable("table").render
    text = render_model_card(result)
    head, *chunks = re.split(r"^## ", text, flags=re.M)
    title = _unescape(head.strip().removeprefix("# "))
    sections = []
    for k, chunk in enumerate(chunks):
        heading, _, body = chunk.partition("\n")
        slug = re.sub(r"[^a-z0-9]+", "-", _unescape(heading).lower()).strip("-") or f"s{k}"
        sections.append(Section(slug, _unescape(heading), Markup(to_html(body))))
    cfg = result.config
    subtitle = (
        f"Model card (Mitchell et al. 2019) · {result.data['n_rows']:,} rows audited · "
        f"EthicLens {cfg['ethiclens_version']} · seed {cfg['random_state']}"
    )
    return Report(title, subtitle, sections, "Every number comes from the audit.").to_html()


def _unescape(text: str) -> str:
    """Undo :func:`md`'s backslash escapes (for titles shown as plain, escaped text): a
    backslash before ASCII punctuation, as CommonMark reads the card's body. The escape of an
    invisible character (``\\u202e``, ``\\x1b``, :func:`ethiclens._text.markdown_safe`'s)
    keeps its backslash: the title read 'u202eevil', as if the name were that text."""
    return _MD_UNESCAPE.sub(r"\1", text)


# A Markdown backslash escape: a backslash before ASCII punctuation (CommonMark's rule)
_MD_UNESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


CARD_FORMATS = {".md": "markdown", ".markdown": "markdown", ".html": "html", ".htm": "html"}


def card_format(path) -> str:
    """'markdown' or 'html' from the file's extension; anything else is refused."""
    text = os.fspath(path) if isinstance(path, os.PathLike) else path  # its path, not its repr
    text = text if isinstance(text, str) else plain_text(text)
    fmt = CARD_FORMATS.get(Path(text).suffix.lower())
    if fmt is None:
        problem = "the model card's format is chosen by its extension"
        fix = "name it card.md (Markdown) or card.html (HTML)"
        raise EthicLensInputError(problem, column="--model-card", value=text, fix=fix)
    return fmt


def render_card(result: AuditResult, path) -> str:
    """The card in the format ``path``'s extension asks for."""
    if card_format(path) == "html":
        return render_model_card_html(result)
    return render_model_card(result)
