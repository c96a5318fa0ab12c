"""The HTML page of a P2NIA estimate (``ethiclens p2nia estimate --html``), from its values
only: the report does not import p2nia (ADR 0007)."""

from __future__ import annotations

import math
from types import SimpleNamespace

from markupsafe import Markup

from .._text import mass_text, number_text, percent, spaced_name
from ._audit_report import _flatten, _versions, fmt, key_note
from ._render import (
    Report,
    Section,
    definition_list,
    generated_by,
    join,
    names_alone,
    paragraph,
    table,
)


def estimate_html(
    title: str, basis: str, values: dict, methods: str, document: dict | None = None
) -> str:
    """A self-contained page: per metric its estimate, interval and status, and the run record.

    ``values``: metric -> ``{"value", "ci_low", "ci_high", "status", "reason"}`` (an
    ``Estimate``'s ``values``); ``basis``: what it was estimated from; ``methods``: the
    intervals' methods in words; ``document``: the estimate's JSON (``Estimate.to_dict()``),
    whose ``config`` and ``run`` give the run record (seed, draws, version, UTC time, the
    inputs' SHA-256, the command that repeats it) and the intervals' level (0.95 without it).
    """
    # the groups of the estimate's JSON, each masked alone in a reason that names it (a group
    # 'password=' ate "has no (estimated) positive labels" whole, as in the audit's report)
    groups = [g.get("group") for g in (document or {}).get("groups") or () if isinstance(g, dict)]
    page = names_alone(lambda _: _page(title, basis, values, methods, document))
    return page(SimpleNamespace(names=groups))


def _page(title, basis, values: dict, methods: str, document: dict | None) -> str:
    """:func:`estimate_html`'s page."""
    # a NaN (a table's undefined) reads as None does: 'undefined', no interval, not computed
    ends = ("value", "ci_low", "ci_high")
    values = {k: {**v, **{e: None for e in ends if v[e] != v[e]}} for k, v in values.items()}
    rows = [
        (
            k.upper(),
            "undefined" if v["value"] is None else fmt(v["value"], 4),
            # one end missing (null: unbounded or undefined) reads —, as in the audit's tables
            "—"
            if v["ci_low"] is None and v["ci_high"] is None
            else f"[{fmt(v['ci_low'], 4)}, {fmt(v['ci_high'], 4)}]",
            v["status"] + (f": {v['reason']}" if v["reason"] else ""),
        )
        for k, v in values.items()
    ]
    config = (document or {}).get("config")
    level = percent((config or {}).get("confidence_level", 0.95))
    body = table(["metric", "estimate", f"{level} interval", "status"], rows, numeric=(1, 2))
    computed = any(v["ci_low"] is not None or v["ci_high"] is not None for v in values.values())
    lead = f"{level} intervals" if computed else "Intervals"  # none: not computed (n_boot 0)
    section = Section("estimate", "Estimate", body + paragraph(f"{lead}: {methods}."))
    sections = [section, *_groups(document or {})]
    if not config:
        return Report(title, basis, sections).to_html()
    run = document.get("run") or {}
    footer = generated_by(config, run)
    footer += " Rerun with the same seed and draws to reproduce every number."
    return Report(title, basis, [*sections, _run_record(config, run)], footer).to_html()


def _groups(document: dict) -> list[Section]:
    """The groups the estimate compared, each with its estimated rows (the JSON's ``groups``)
    and the floor they were judged against (its ``policy``): a metric is the largest gap over
    these groups, and a reason names one of them; [] where the JSON lists none."""
    groups = [g for g in document.get("groups") or () if isinstance(g, dict)]
    if not groups:
        return []
    # a group with spaces around it quoted (' d'), as the audit's pages say it: a page folds them
    rows = [(spaced_name(g.get("group")), _rows_text(g.get("n_estimated"))) for g in groups]
    policy = document.get("policy") or {}
    lead = f"{len(groups):,} groups; each metric is its largest gap between two of them."
    rows_floor, labels_floor = policy.get("min_group_size"), policy.get("min_label_count")
    if isinstance(rows_floor, int) and isinstance(labels_floor, int):
        lead += (
            f" Floors: {rows_floor:,} estimated rows a group (DP), "
            f"{labels_floor:,} estimated positive labels (EOpp), positive and negative "
            "labels each (EO); a metric with a group below its "
            "floor is INSUFFICIENT_DATA, its status naming the group."
        )
    body = join(paragraph(lead), table(["group", "estimated rows"], rows, numeric=(1,)))
    return [Section("groups", "Groups", body)]


def _rows_text(n) -> str:
    """A group's estimated rows as the estimate's reasons say them (:func:`mass_text`: '38'
    whole, '38.2' a debiased mass, '<0.1' never '0.0'); 'undefined' where the JSON has none."""
    ok = isinstance(n, int | float) and not isinstance(n, bool) and math.isfinite(n)
    return mass_text(n) if ok else "undefined"


def _run_record(config: dict, run: dict) -> Section:
    """What anyone needs to repeat the estimate to the same numbers: the bootstrap seed (the
    auditor's, never the release's), draws, level, versions, UTC time, the SHA-256 of the
    release's files and of the request, and the command. Every value is escaped."""
    items = [
        ("generated (UTC)", run.get("generated_at", "not recorded")),
        *_versions(config),
        ("seed (bootstrap)", str(config["random_state"])),
        ("draws (n_boot)", str(config["n_boot"])),
        ("confidence level", number_text(config["confidence_level"])),
        ("metrics", ", ".join(config["metrics"])),
        *_flatten("input", run.get("input") or {}),
        *_flatten("request", run.get("request") or "none given"),
        ("to repeat", run.get("repeat") or "estimate(...) in Python with the settings above"),
    ]
    said = {"input": run.get("input") or {}, "request": run.get("request") or "none given"}
    keys = key_note("run", "", said)  # each label worded apart from its key, as the audit's
    body = join(definition_list(items), paragraph(keys, "note") if keys else Markup(""))
    return Section("run", "Run record (to reproduce every number)", body)
