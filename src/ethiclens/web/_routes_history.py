"""The history (every request, reopened or diffed) and the Monitoring pages (stores written by
``ethiclens monitor``, read-only). Nothing is judged here: a diff asks the library's baseline
gate (``ethiclens.fairness.gate``) which comparisons regressed."""

from __future__ import annotations

import base64
import json
import re
import threading
from pathlib import Path, PurePath

from .._text import spaced_key, spaced_name, unbounded_text
from ..errors import EthicLensInputError
from ._uploads import without_server_path
from ._web import (
    Masked,
    cut_value,
    data_of,
    digits_number,
    in_thread,
    intervals_text,
    listed_word,
    masked_names,
    masked_piece,
    repeated_name,
    said,
    said_named,
    stored_figure,
    web_of,
)

HISTORY_LINK = ("/history", "Open the history")
PAGE_SIZE = 200  # requests listed per history page
_PLOT_LOCK = threading.Lock()  # matplotlib's pyplot is not thread-safe


async def history(request):
    """Every request, newest first, ``PAGE_SIZE`` a page (``?page=2``: the next older ones)."""
    web = web_of(request)
    if repeated := repeated_name(request.query_params.multi_items()):
        return web.repeated_refusal(request, repeated, link=HISTORY_LINK)
    given = request.query_params.get("page", "1")
    page = digits_number(given)
    if not page:  # "abc", "2.5", "1e9", "-1", "0", "": no page number, never read as page 1
        return web.error_page(request, 400, *_bad_page(given), link=HISTORY_LINK)
    total = web.store.history_size()
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(page, pages)  # a page past the last: the last (the page says "Page 3 of 3")
    rows = [_listed(row) for row in web.store.history(PAGE_SIZE, (page - 1) * PAGE_SIZE)]
    return web.page(
        request, "history.html", rows=rows, total=total, page=page, pages=pages, size=PAGE_SIZE
    )


def _bad_page(given: str) -> tuple[str, str]:
    """(problem, fix) of a history page parameter that is not a page number."""
    return (
        f"the parameter 'page' is {cut_value(given)!r}, not a page number (a whole number from 1)",
        "give page=1 for the newest audits, page=2 for the next older ones (or follow the "
        "history's Newer and Older links); a page past the last shows the last",
    )


def _listed(row: dict) -> dict:
    """A history row as the page lists it; one whose record cannot be read (edited or damaged
    since it was written) listed as "damaged", so that one row never takes the page down."""
    word, row = listed_word(row), {**row, "data_of": data_of(row)}
    if word == "damaged":
        return {**row, "model": None, "word": word, "input": ""}
    model = (json.loads(row["spec"] or "{}").get("model") or {}).get("name")
    return {**row, "model": model, "word": word, "input": _fingerprint_text(row["fingerprint"])}


async def diff(request):
    """Two finished audits side by side: request differences, input fingerprints, each
    comparison's verdict and DI/EO (as the library reported them), and the library's baseline
    gate of the second against the first."""
    web = web_of(request)
    if repeated := repeated_name(request.query_params.multi_items()):
        return web.repeated_refusal(request, repeated, link=HISTORY_LINK)
    # each result checked as it is read (a damaged one named, 410); the requests as stored
    # when the library no longer reads them (_effective)
    a, b = (web.audit_or_none(request.query_params.get(k, ""), ("result",)) for k in "ab")
    if refused := _diff_refusal(request.query_params, a, b):
        return web.error_page(request, *refused, "Before and After", HISTORY_LINK)
    ra, rb = json.loads(a["result"]), json.loads(b["result"])
    sa, sb = json.loads(a["spec"]), json.loads(b["spec"])
    names = _user_names(ra, rb, sa, sb)
    gate = _baseline_gate(ra, rb, names)
    return web.page(
        request,
        "diff.html",
        a=a,
        b=b,
        spec_changes=[
            (key, masked_names(old, names), masked_names(new, names))
            for key, old, new in _spec_changes(sa, sb, ra, rb)
        ],
        same_input=_content(a["fingerprint"]) == _content(b["fingerprint"]),
        rows=_diff_rows(ra, rb, gate.get("regressions", ())),
        gate={k: _masked_lines(v, names) for k, v in gate.items()},
        intervals=[intervals_text(r) for r in (ra, rb)],
    )


def _masked_lines(value, names):
    """The gate's lines with each user name masked alone; else ``value``."""
    if isinstance(value, list | tuple):
        return [masked_names(line, names) for line in value]
    return value


def _user_names(*documents) -> set[str]:
    """Every name of the user's in two results and their requests (attributes, groups,
    references, columns, group edits), each masked alone in the gate's lines and the settings
    that changed (``masked_names``): masked whole, a group 'password=' ate the gate's words."""
    names: set[str] = set()

    def walk(value, depth: int) -> None:  # a request is shallow: an edited one stops at 20
        if isinstance(value, dict) and depth < 20:
            for key, item in value.items():
                walk(key, depth + 1)
                walk(item, depth + 1)
        elif isinstance(value, list | tuple) and depth < 20:
            for item in value:
                walk(item, depth + 1)
        elif isinstance(value, str) and len(names) < 10_000:
            names.add(value)

    for document in documents[2:]:
        walk(document, 0)
    for result in documents[:2]:
        for c in result.get("comparisons") or ():
            if isinstance(c, dict):
                names.update(str(c.get(k)) for k in ("attribute", "group", "reference"))
    names.discard("None")
    return names


# the fixes of a diff's audits that cannot be diffed
_PICK_THEM = "pick them in the history"
_ONE_MODEL_FIX = "pick two audits (not comparisons or threshold views)"


def _diff_refusal(query, *audits: dict | None) -> tuple[int, str, str] | None:
    """(status, problem, fix) when the audits ``a`` and ``b`` of a diff's ``query`` (found,
    or None) cannot be diffed, else None."""
    missing = [k for k in ("a", "b") if not query.get(k)]
    if missing:  # a malformed request, not an audit that is gone
        problem = f"the comparison needs two audits; the parameter {missing[0]!r} is missing"
        return 400, problem, "pick two audits in the history"
    for k, a in zip("ab", audits, strict=True):  # the parameter and its value, as page's
        if not (a and a["status"] == "done"):
            problem = f"the parameter {k!r} is {cut_value(query[k])!r}, not a finished audit"
            return 404, f"choose two finished audits to compare: {problem}", _PICK_THEM
    if any(a["purpose"] != "audit" for a in audits):
        return 422, "only audits of one model can be diffed here", _ONE_MODEL_FIX
    return None


def _baseline_gate(old: dict, new: dict, names=()) -> dict:
    """The library's baseline gate of ``new`` against ``old`` (``fail_on="never"``: only the
    baseline counts): its regressions and notes, or why the two cannot be compared (each of
    the user ``names`` in it masked alone, :func:`said_named`)."""
    from ..fairness import gate

    try:
        outcome = gate(new, fail_on="never", baseline=old)
    except EthicLensInputError as exc:  # other data or another spec: the library says what
        return {"refused": said_named(exc, names)}
    # the gate's notes hold what got better (each ends "(better)") after what else it noticed,
    # such as other input than the baseline: a note is not an improvement
    better = [n for n in outcome.notes if n.endswith("(better)")]
    return {
        "passed": outcome.passed,
        "regressions": outcome.regressions,
        "improvements": better,
        "notes": [n for n in outcome.notes if n not in better],
    }


def _flat(data: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in data.items():
        if isinstance(value, dict) and key not in ("bins", "merge", "exclude"):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _spec_changes(
    old: dict, new: dict, old_result: dict | None = None, new_result: dict | None = None
) -> list[tuple[str, str, str]]:
    """(key, before, after) for each request field that differs (the files' server names
    aside: the input fingerprint says whether the data differ), each side with the spec's
    defaults filled in and, where the spec has none (the draws, a fresh seed), the value its
    result's config records: the values the runs used, as the gate's lines state them."""
    fa = _used(_flat(_effective(old)), old_result)
    fb = _used(_flat(_effective(new)), new_result)
    return [
        (key, _setting_text(fa.get(key)), _setting_text(fb.get(key)))
        for key in sorted(set(fa) | set(fb))
        if fa.get(key) != fb.get(key) and not key.startswith("outputs.") and key != "target.file"
    ]


def _effective(spec: dict) -> dict:
    """A stored request with the spec's default for every key it leaves out; as stored when
    the library no longer reads it."""
    from ..spec import AuditSpec

    try:
        return AuditSpec.from_dict(spec, source="the stored request").to_dict()
    except EthicLensInputError:
        return spec


# a request's setting whose default is decided when the run starts, by its result's config key
_RUN_DECIDES = {"policy.n_boot": "n_boot", "policy.seed": "random_state"}


def _used(flat: dict, result: dict | None) -> dict:
    """``flat`` (a request's settings) with each one left to the run (``n_boot: null``: the
    default draws of its kind of run) as its result's config records it."""
    config = (result or {}).get("config") or {}
    out = dict(flat)
    for key, name in _RUN_DECIDES.items():
        if out.get(key) is None and config.get(name) is not None:
            out[key] = config[name]
    return out


def _setting_text(value) -> str:
    """A request's value as people read it: JSON with its letters as typed (the page escapes
    HTML), "not set" where neither the request nor the spec's defaults give one."""
    return "not set" if value is None else json.dumps(value, ensure_ascii=False)


def _content(fingerprint: str | None):
    """An input fingerprint without the file's name (uploads get random names): the data's
    checksums and rows, and what else the library recorded."""
    try:
        data = json.loads(fingerprint or "null")
    except (ValueError, TypeError, RecursionError):  # not what the app wrote (edited since):
        return fingerprint  # compared as the text it is
    if isinstance(data, dict) and isinstance(data.get("files"), dict):
        data = {**data, "files": sorted(data["files"].values(), key=str)}  # checksums: text
        data.pop("path", None)
    return data


def _fingerprint_text(fingerprint: str | None) -> str:
    """The input fingerprint as the history lists it: the benchmark, the rows and the data's
    checksums (their first 12 digits), never the server's path of an upload."""
    data = _content(fingerprint)
    if not isinstance(data, dict):
        return ""
    parts = [str(data["dataset"])] if data.get("dataset") else []
    if isinstance(data.get("rows"), int):
        parts.append(f"{data['rows']:,} rows")
    files = data.get("files")
    parts += [str(sha)[:12] for sha in files] if isinstance(files, list) else []
    return " · ".join(parts)


def _interval(metric: dict | None, edges=()) -> str:
    """'0.812 [0.700, 0.930]'; an unbounded DI (its reference never selected) as 'unbounded
    [23.000, ∞)', the audit's and the monitor's words: its lower bound is the evidence.
    ``edges``: the thresholds the audit's policy judged it against (``report.policy_edges``),
    so the value and a bound beside one print on its side of it, as the report does
    ('0.7996', '[0.1004, 0.212]' against 0.80 and EO's 0.10)."""
    metric = metric or {}
    value, low, high = metric.get("value"), metric.get("ci_low"), metric.get("ci_high")
    if value is None and low is None:
        return "—"
    if value is None and high is None and low is not None:
        return unbounded_text(stored_figure(low, edges))
    text = stored_figure(value, edges)  # a damaged record's figure: a note, not a 500
    if low is not None:
        shown = "∞)" if high is None else f"{stored_figure(high, edges)}]"
        text += f" [{stored_figure(low, edges)}, {shown}"
    return text


def _edges(result: dict, metric: str) -> tuple:
    """The thresholds ``result``'s own policy judged ``metric`` against (each audit of a diff
    by its own); none for a result that records no policy."""
    from ..report import policy_edges

    policy = (result.get("config") or {}).get("policy")
    return policy_edges(metric, policy) if isinstance(policy, dict) else ()


def _diff_rows(old: dict, new: dict, regressions=()) -> list[dict]:
    """Each comparison's verdict and DI/EO before and after, with the gate's regressions of it
    (the library's words; a regression line starts with ``attribute:group:``, each name as
    :func:`ethiclens._text.spaced_key` says it). A group measured
    against another reference is another comparison, as the gate counts it: two rows, each
    naming its reference, never one row holding two comparisons' numbers."""
    before = {_key(c): c for c in old.get("comparisons", [])}
    after = {_key(c): c for c in new.get("comparisons", [])}
    owned: dict[tuple, list[str]] = {}  # each regression line by the comparison it is about
    # as the gate's lines name them: g:'e ' (a name with whitespace around it quoted)
    named = {spaced_key(k[0], k[1]): k[:2] for k in before.keys() | after}
    for line in regressions:
        owned.setdefault(_owner(line, named), []).append(line)
    references: dict[tuple, set] = {}
    for key in before.keys() | after:
        references.setdefault(key[:2], set()).add(key[2])
    rows = []
    for key in list(before) + [k for k in after if k not in before]:
        o, n = before.get(key), after.get(key)
        # each masked alone, then quoted when spaced (' d', as the reports say it)
        what = f"{spaced_name(masked_piece(key[0]))}: {spaced_name(masked_piece(key[1]))}"
        if len(references[key[:2]]) > 1:
            what += f" vs {spaced_name(masked_piece(key[2]))}"
        row = {"what": Masked(what), "old": o and o["status"], "new": n and n["status"]}
        for name, metric in (("di", "disparate_impact"), ("eo", "equalized_odds_difference")):
            row[f"{name}_old"] = _interval(o and o["metrics"].get(metric), _edges(old, metric))
            row[f"{name}_new"] = _interval(n and n["metrics"].get(metric), _edges(new, metric))
        row["changed"] = row["old"] != row["new"]
        row["regressed"] = owned.get(key[:2], []) if o and n else []  # the gate's: both runs'
        rows.append(row)
    return rows


def _key(comparison: dict) -> tuple:
    """A comparison's identity, as the baseline gate's: attribute, group and reference."""
    return comparison["attribute"], comparison["group"], comparison.get("reference")


# what follows ``attribute:group: `` in a gate's regression line: its verdict or a gated metric
# (in the report's words, as the gate writes it: 'Disparate impact moved ...')
_REGRESSION_WORDS = ("verdict ", "Disparate impact ", "Equalized odds difference ")


def _owner(line: str, named: dict) -> tuple | None:
    """The (attribute, group) a gate's regression line is about (``named``: each pair by its
    ``attribute:group`` text): the longest that begins the line, followed by ``: `` and the
    gate's words (group 'South' does not own 'region:South: coast: verdict ...'). Looked up at
    each ': ' of the line, never a scan of every comparison per line."""
    found, at = None, line.find(": ")
    while at != -1:
        if line[:at] in named and line[at + 2 :].startswith(_REGRESSION_WORDS):
            found = named[line[:at]]
        at = line.find(": ", at + 1)
    return found


# -- monitoring --------------------------------------------------------------------------------
async def monitoring(request):
    """Every monitor store named at start (--monitor-store): its comparisons and alarms."""
    from ..monitor import TEST_LABELS  # the monitor's own names of its tests

    web = web_of(request)
    paths = web.config.monitor_stores
    stores = [await in_thread(_monitor_store, i, p) for i, p in enumerate(paths)]
    return web.page(request, "monitoring.html", stores=stores, labels=TEST_LABELS)


async def monitoring_store(request):
    """One store: per comparison the monitor's trend plot (its own ``trend_png``) and the tests
    as it stored them. Only stores named at start: the address holds their index."""
    from ..monitor import TEST_LABELS

    web = web_of(request)
    n, paths = digits_number(request.path_params["n"]), web.config.monitor_stores
    if n is None or not n < len(paths):  # not digits, or thousands of them: no int() of them
        return web.error_page(request, 404, "no such monitor store", "pick one on /monitoring")
    one = await in_thread(_monitor_store, n, paths[n], plots=True)
    # a store file gone since the start is gone (410); a server database may answer again
    # (503): never a 200 a poller reads as a store's page. A damaged file is still this
    # store's page, its damage on the card (round 15): 200
    code = 200
    if one["error"] is not None:
        code = 503 if isinstance(paths[n], str) else 200 if Path(paths[n]).exists() else 410
    return web.page(request, "monitor_store.html", code, s=one, labels=TEST_LABELS)


def _monitor_store(index: int, path, plots: bool = False) -> dict:
    """What the monitor stored in ``path`` (a file, or a database URL; read-only), plus its
    trend plots as data URIs."""
    from ..monitor import (
        absent_text,
        baseline_pending_text,
        has_baseline_tests,
        read_store,
        request_lines,
        store_notes,
        untested_text,
    )
    from ..sources import mask_url

    name = mask_url(path) if isinstance(path, str) else path.name  # never a password
    one = dict(index=index, name=name, error=None, data=None, plots={}, alts={}, plots_note=None)
    one["notes"] = []
    try:
        data = read_store(path, flag="--monitor-store")
    except EthicLensInputError as exc:  # e.g. damaged or replaced since the server started
        local = not isinstance(path, str)  # its folders are the server's: the page says its name
        one["error"] = without_server_path(said(exc), path, name) if local else said(exc)
        return one
    for stored in (data["request"], data["last_run"] or {}):
        stored["target"] = _target_name(stored["target"])
    one["data"] = data
    # the weighting, baseline, positive label, bins and group edits, as the terminal and the
    # dashboard state them (a baseline file by its name, as the target)
    request = dict(data["request"])
    if request.get("baseline_target"):
        request["baseline_target"] = _target_name(request["baseline_target"])
    pending = baseline_pending_text(data["report"])  # the baseline still pooled: no test yet
    one["request_lines"] = request_lines(request) + ([pending] if pending else [])
    # a side without rows in the last windows, and a baseline DI test not run (the baseline
    # has no band), as the terminal and the dashboard say them
    one["absent"] = [
        " ".join(filter(None, (absent_text(c), untested_text(c))))
        for c in data["report"]["comparisons"]
    ]
    # one window so far, a group named like a missing value ('?'): as the runs' notes say them
    # (the terminal's, the JSON's run.notes; escaped there)
    one["notes"] = store_notes(data)
    # a baseline test alarms at 2/alpha (the JSON's threshold), as the terminal summary says
    one["baseline_tests"] = has_baseline_tests(data["report"]["comparisons"])
    if plots:  # as the dashboard: thousands of groups would take minutes and a huge page
        _trend_plots(one, data["report"])
    return one


def _trend_plots(one: dict, doc: dict) -> None:
    """The store page's trend plots (data URIs) and their words, at most as many as the
    dashboard draws (those that alarm first): ``one``'s plots, alts and plots_note."""
    from ..monitor import plotted_comparisons, trend_png, trend_text

    drawn, total = plotted_comparisons(doc["comparisons"]), len(doc["comparisons"])
    if len(drawn) < total:
        one["plots_note"] = (
            f"Trend plots of {len(drawn)} of {total:,} comparisons (those that alarm first, "
            "then the largest e-values); every comparison's tests are listed."
        )
    for i, comparison in enumerate(doc["comparisons"]):
        if i not in drawn:
            continue
        with _PLOT_LOCK:
            png = trend_png(doc, comparison)
        one["plots"][i] = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        one["alts"][i] = trend_text(doc, comparison)  # the plot in words, as the --html page


def _target_name(target: str) -> str:
    """A monitor's stored target as the pages name it, without the server's folders (as an
    upload is named: :func:`without_server_path`): a file or folder by its last part, a SQLite
    database by its file's name (``rows.db (table preds)``); a server database's URL (masked
    by the monitor) or ``$VARIABLE`` as stored."""
    sqlite = re.fullmatch(r"sqlite[\w+]*:///?(.*?) (\((?:table .*|query)\))", target, re.S | re.I)
    if sqlite:
        return f"{PurePath(sqlite[1].split('?')[0]).name} {sqlite[2]}"
    if "://" in target or target.startswith("$"):
        return target
    return PurePath(target).name or target
