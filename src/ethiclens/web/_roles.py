"""Column roles: what the app proposes from a look at the data, and the confirmed form turned
into the request (an ``AuditSpec`` dict) that the library runs. Nothing here computes a fairness
statistic: the profile only counts distinct values to suggest which column is which."""

from __future__ import annotations

import math
import re
import shlex
from pathlib import Path

from .._checks import (
    MAX_LABEL_CHARS,
    WHOLE_FIX,
    check_label_lengths,
    check_member,
    is_number_text,
    positive_value,
    typed_whole,
    underflow_words,
    underflows,
    use_one_of,
    written_float,
)
from .._text import distinct_numbers, number_text, printed_floats, prints_blank, spaced_name
from ..errors import SHOWN_DIGITS, EthicLensInputError, _number_as_typed, in_cli_words
from ..io import refuse_password_names
from ._jobs import value_text
from ._labels import FIELD_LABELS, MODEL_FIELDS, POLICY_FIELDS, SPEC_FIELDS, _flag_fields
from ._web import Masked, masked_piece, said, shown_forms

FORM = "the form"  # where a request made by the web app's forms comes from, for the library
SAMPLE_ROWS = 50_000
MAX_DISTINCT = 60  # distinct values kept per column (the profile's cap)
GROUP_MAX = 20  # at most this many values: offered as groups
CONTINUOUS = 50  # the library's rule: more numeric values than this is not a set of groups

LABEL_WORDS = re.compile(
    r"(^y$|^y_?true$|label|target|outcome|actual|truth|recid|default|approved|^class$)", re.I
)
PRED_WORDS = re.compile(r"(pred|yhat|y_hat|decision|predicted|^y_?pred)", re.I)
SCORE_WORDS = re.compile(r"(score|prob|proba|risk|likelihood)", re.I)
WEIGHT_WORDS = re.compile(r"(^w$|weight)", re.I)
GROUP_WORDS = re.compile(
    r"(sex|gender|race|ethnic|age|religio|nation|origin|disab|marital|region|group)", re.I
)

# the mapping form's roles as its labels name them
ROLE_WORDS = {
    "y_true": "label",
    "y_pred": "prediction",
    "y_pred_b": "second model's",
    "y_score": "score",
    "weight": "weight",
}


# What the command line says of text that is not of its option's type (click's words, with
# the CLI's fix), so that the form refuses "1e3" for the draws as --n-boot does; a number
# field's fix is its own example (spec.field_fix: 0.5 is no confidence level)
NOT_OF_TYPE = {int: ("integer", WHOLE_FIX), float: ("float", None)}


def profile(path: str | Path, kind: str) -> dict:
    """Columns of the file with, per column: numeric or not, up to ``MAX_DISTINCT`` distinct
    values, whether they lie in [0, 1], and whether the sample was the whole file."""
    import pandas as pd

    frame, whole = _sample(path, kind)
    columns = []
    for name in frame.columns:
        col = frame[name].dropna()
        numeric = pd.to_numeric(col, errors="coerce")
        if isinstance(numeric.dtype, pd.ArrowDtype):  # int64[pyarrow] of a Parquet file: no %
            numeric = numeric.astype("float64")
        is_num = bool(len(col)) and bool(numeric.notna().all())
        try:
            groups = as_groups(col, kind)
            values = pd.unique(groups)
        except TypeError:  # lists or arrays (nested Parquet): the audit refuses them as groups
            groups = col.astype(str)
            values = pd.unique(groups)
        numbers = pd.api.types.is_numeric_dtype(groups) and not pd.api.types.is_bool_dtype(groups)
        shown = sorted(values[:MAX_DISTINCT].tolist(), key=lambda v: (str(type(v)), v))
        info = {
            "name": str(name),
            "numeric": is_num,  # every value a number: a label, score or weight may be typed
            "group_numbers": bool(numbers),  # as a group: typed numbers (bins apply), else text
            "distinct": len(values),
            "missing": int(len(frame) - len(col)),  # the library refuses these rows, by row
            # the groups' labels, as the audit names them; one longer than a group label may
            # be (which the run refuses) kept to one character past it, not as a megabyte of
            # text in the store and twice on the mapping page
            "values": [str(v)[: MAX_LABEL_CHARS + 1] for v in shown],
            "unit": bool(is_num and len(numeric) and numeric.min() >= 0 and numeric.max() <= 1),
            "integer": bool(is_num and len(numeric) and (numeric % 1 == 0).all()),
        }
        if numbers and len(groups):
            span = pd.Series(printed_floats(groups))  # float32 0.95 as the audit bins it
            info["range"] = [_plain(span.min()), _plain(span.max())]
        if len(values) > CONTINUOUS:  # rows alone in their group: an ID's mark (_looks_like_ids)
            info["alone"] = int((groups.astype(str).value_counts() == 1).sum())
        columns.append(info)
    return {"columns": columns, "whole_file": whole, "sample_rows": int(len(frame))}


def _sample(path, kind: str):
    """(the first ``SAMPLE_ROWS`` rows of ``path``, whether they are the whole file); a path
    that is no readable table of ``kind`` (missing, a folder, empty, a CSV read as Parquet, not
    UTF-8) is refused in the library's words, never by pandas' or Arrow's exceptions."""
    import pandas as pd

    from ..errors import DataFileError
    from ..io import refuse_missing, refuse_not_utf8, unreadable

    check_member(kind, ("csv", "parquet"), column="kind", problem="is not a kind of table file")
    refuse_missing(path)
    path, no_rows = Path(path), (StopIteration,)  # a Parquet file of no rows has no first batch
    if not path.is_file():
        raise DataFileError(f"{path.name} is not a regular file", fix="name a CSV or Parquet file")
    try:
        if kind == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            no_rows = (StopIteration, pa.ArrowException)  # not Parquet: ArrowInvalid
            pf = pq.ParquetFile(path)
            return _first_rows(pf), pf.metadata.num_rows <= SAMPLE_ROWS
        frame = pd.read_csv(
            path, nrows=SAMPLE_ROWS + 1, dtype=str, encoding="utf-8-sig", index_col=False
        )
        return frame.iloc[:SAMPLE_ROWS], len(frame) <= SAMPLE_ROWS
    except UnicodeDecodeError as exc:
        raise refuse_not_utf8(path, exc) from exc
    except OSError as exc:  # before Arrow's: an ArrowIOError is both
        if exc.errno is not None or kind != "parquet":
            raise unreadable(path, exc) from exc
        no_rows = exc  # Arrow's, of no errno: pages damaged past the footer ('Corrupt snappy')
    except (pd.errors.EmptyDataError, pd.errors.ParserError, *no_rows) as exc:
        no_rows = exc
    why = str(no_rows).strip().splitlines()[0].rstrip(".") if str(no_rows).strip() else "no rows"
    raise DataFileError(  # pandas' or Arrow's error is its cause: the app words it as before
        f"{path.name} cannot be read as a {kind} table: {why}",
        fix="export the data again (a .csv or .parquet file with a header and rows)",
    ) from no_rows


def _first_rows(pf):
    """The first ``SAMPLE_ROWS`` rows of the Parquet file ``pf`` as pandas; a dtype its pandas
    metadata names that pandas cannot parse back (``list<...>[pyarrow]``) set aside, as the
    audit's pandas reader sets it aside."""
    batch = next(pf.iter_batches(batch_size=SAMPLE_ROWS))
    try:
        frame = batch.to_pandas()
    except TypeError:
        import pyarrow as pa

        from ..io import _pandas_readable

        frame = _pandas_readable(pa.Table.from_batches([batch])).to_pandas()
    from ..io import _index_as_columns

    return _index_as_columns(frame, batch.schema.names)  # a named index: a column of the file


def as_groups(col, kind: str):
    """A column's (non-missing) values as every audit engine reads them as groups
    (docs/engines.md, ``sources``' rule): text as written (``01`` stays ``01``, ``1.50`` is not
    ``1.5``); a CSV column whose every value is a number written canonically (the text Python
    prints for it: ``25``, ``0.5``) is typed as numbers, with the same labels; a float -0.0 is
    the group 0.0. Parquet values stay as the file types them."""
    import pandas as pd

    from ..sources import canonical_zero, type_groups

    if isinstance(col.dtype, pd.CategoricalDtype):
        col = col.astype(object)
    if kind != "parquet":
        col = type_groups(col.astype(str))
    return canonical_zero(col)


def columns_only(names: list[str], source: dict) -> dict:
    """A profile without values (a database table: only its column names are read); roles
    are then proposed by name, and the library checks the values when it runs."""
    unread = dict.fromkeys(("unit", "integer", "known"), False)
    columns = [{"name": n, "numeric": False, "distinct": 0, "values": [], **unread} for n in names]
    return {"columns": columns, "whole_file": False, "sample_rows": 0, "source": source}


def _plain(v):
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def numbers(c: dict) -> bool:
    """Whether the audit reads column ``c``'s groups as numbers (bins and the "looks
    continuous" check apply), not as text (a profile stored before this was kept: whether
    every value is a number)."""
    return bool(c.get("group_numbers", c["numeric"]))


def _binary(c: dict) -> bool:
    if c.get("known") is False:  # values not read: the name decides
        return True
    return c["distinct"] == 2 or (c["distinct"] == 1 and c["numeric"])


def propose(prof: dict) -> dict:
    """Suggested roles: label and prediction (two-valued columns named like them), score (a
    [0, 1] float; a column named like a score where values are not read), weight, protected
    attributes (few values), and bins for numeric ones."""
    cols = prof["columns"]
    names = [c["name"] for c in cols]
    used: set[str] = set()

    def pick(test):
        for c in cols:
            if c["name"] not in used and test(c):
                used.add(c["name"])
                return c["name"]
        return ""

    y_true = pick(lambda c: _binary(c) and LABEL_WORDS.search(c["name"]))
    y_pred = pick(lambda c: _binary(c) and PRED_WORDS.search(c["name"]))
    y_score = pick(
        lambda c: (
            (c["unit"] and not c["integer"] and c["distinct"] > 2)
            or (c.get("known") is False and SCORE_WORDS.search(c["name"]))
        )  # values not read
    )
    weight = pick(lambda c: c["numeric"] and WEIGHT_WORDS.search(c["name"]) and not _binary(c))
    protected, bins = [], {}
    for c in cols:
        if c["name"] in used:
            continue
        if c.get("known") is False:
            if GROUP_WORDS.search(c["name"]):
                protected.append(c["name"])
        elif numbers(c) and c["distinct"] > GROUP_MAX and GROUP_WORDS.search(c["name"]):
            protected.append(c["name"])
            bins[c["name"]] = suggest_bins(c)
        elif 2 <= c["distinct"] <= GROUP_MAX and (
            GROUP_WORDS.search(c["name"]) or not c["numeric"]
        ):
            protected.append(c["name"])
    return {
        "columns": names,
        "y_true": y_true,
        "y_pred": y_pred,
        "y_score": y_score,
        "weight": weight,
        "protected": protected,
        "bins": bins,
    }


def suggest_bins(c: dict) -> str:
    """Round edges over the column's range (the user edits them): ages get the usual bands;
    none ("") where no such edges exist (an infinite value, numbers too close for a float to
    tell apart), so that the form never proposes edges its own check refuses."""
    lo, hi = c.get("range", [0, 1])
    if not (math.isfinite(lo) and math.isfinite(hi)) or not math.isfinite(hi / 4 - lo / 4):
        return ""
    if "age" in c["name"].lower() and lo >= 0 and hi <= 130:
        edges = [e for e in (0, 25, 45, 65) if e <= lo or e < hi]
        edges = [e for e in edges if e <= lo][-1:] + [e for e in edges if e > lo]
        return ",".join(str(e) for e in [*edges, max(120, math.ceil(hi))])
    step = (hi / 4 - lo / 4) or 1  # never past the largest float
    power = math.floor(math.log10(step)) if step > 0 else 0
    mag = 10**power
    step = math.ceil(step / mag) * mag
    start = math.floor(lo / mag) * mag
    # round edges to mag's decimals (0.3, not 0.30000000000000004), the last one the data's
    # maximum when past them; each written exactly (12345670, not 1.23457e+07), so they cover
    # the data as suggested
    edges = [round(start + i * step, max(0, -power)) for i in range(5)]
    edges[-1] = max(edges[-1], hi)
    texts = distinct_numbers(edges)
    read = [float(t) for t in texts]  # as the form reads them back
    if not all(map(math.isfinite, read)) or read != sorted(set(read)):
        return ""
    return ",".join(texts)


# -- the confirmed form -> the request ---------------------------------------------------------
class FormErrors(Exception):
    """Problems with the mapping form: {form field: message}."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


def lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def form_to_spec(form: dict, prof: dict, target: dict) -> tuple[dict, str]:
    """(spec dict, purpose) from the mapping form; :class:`FormErrors` names each bad field.

    Form fields: ``y_true``, ``y_pred``, ``y_pred_b`` (a second model: a comparison),
    ``y_score``, ``weight``, ``protected`` (column indexes), ``ref_<i>``, ``bins_<i>``,
    ``positive``, ``pos_label``, ``merge``, ``exclude``, the policy's fields, ``model_name``,
    ``model_version``, ``intended_use``.
    """
    if errors := _not_text(form):  # a form built in Python: 200 for '200', True, None
        raise FormErrors(errors)
    errors = {}
    roles = _role_columns(form, prof, errors)
    protected, bins = _protected(form, prof, roles, errors)
    spec: dict = {"target": dict(target), "roles": {}, "groups": {}, "policy": {}, "model": {}}
    r = spec["roles"]
    r["y_true"] = roles["y_true"]
    r["y_pred"] = [p for p in (roles["y_pred"], roles["y_pred_b"]) if p]
    # the score and weight when given (a comparison's score is cleared and said: _routes_audit)
    r.update({k: roles[k] for k in ("y_score", "weight") if roles[k]})
    r["protected"] = protected
    if form.get("positive"):  # anything but the two choices is the spec's to refuse, by field
        r["positive"] = form["positive"]
    pos_label = form.get("pos_label") or ""  # blanks only: given, as --pos-label '  ' is
    pos_label = pos_label.strip() or pos_label
    if pos_label:
        r["pos_label"] = _number_or_text(pos_label)
    _group_edits(form, spec["groups"], errors, prof["columns"])
    if bins:
        spec["groups"]["bins"] = bins
    _unknown_references(form, prof, spec["groups"], errors)
    _checked_on_seen_values(spec, prof, errors, pos_label)
    _checked_weight_scale(r.get("weight"), prof, errors)
    _checked_kept_references(spec, errors)
    policy_from_form(form, spec, errors)
    if errors:
        raise FormErrors(errors)
    return spec, ("compare" if roles["y_pred_b"] else "audit")


def _not_text(form: dict) -> dict[str, str]:
    """{field: message} of the fields :func:`form_to_spec` reads whose value is not what a
    browser sends (text; ``protected``: a list of texts), never an AttributeError of
    ``.strip()`` or a field read as empty."""
    texts = {*ROLE_WORDS, "y_pred_b", "positive", "pos_label", "merge", "exclude", *MODEL_FIELDS}
    texts |= {n for n, _ in POLICY_FIELDS}
    texts |= {n for n in form if isinstance(n, str) and re.match(r"(ref|bins)_", n)}
    errors = {}
    for name, value in form.items():
        if name in ("protected", "protected_list") and isinstance(value, list | tuple):
            value = next((v for v in value if not isinstance(v, str)), "")
        elif name not in ("protected", *texts) or value is None:
            continue
        if not isinstance(value, str):
            kind = type(value).__name__
            errors[name] = f"must be text, as a browser sends a form's field, not {kind} " + (
                "(a list of column numbers as text, e.g. ['3'])"
                if name.startswith("protected")
                else f"(value: {value_text(value)}). Fix: give it as text"
                + (f", e.g. {str(value)!r}" if _a_number(value) else "")
            )
    return errors


def _a_number(value) -> bool:
    """``value`` is a number (``200``, ``np.int64(200)``, ``0.05``), not a bool or a list: its
    text is what the field takes."""
    import numbers

    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def _role_columns(form: dict, prof: dict, errors: dict) -> dict:
    """{role: column or None} of the label, predictions, score and weight fields."""
    cols = [c["name"] for c in prof["columns"]]

    def column(field, required=False, what=""):
        value = form.get(field) or ""
        if prints_blank(value):  # ' ', a zero-width space: no column (none prints so)
            if required:
                errors[field] = f"choose the {what} column"
            return None
        try:
            value = read_back(value, cols)
        except EthicLensInputError as exc:
            errors[field] = said(exc)
            return None
        if value not in cols:  # the value as sent, bounded as every refusal quotes one
            errors[field] = said(
                EthicLensInputError(
                    "not a column of this file", value=value, fix="choose one from the list"
                )
            )
            return None
        try:  # the JSON report and saved config would name it: refused as every face does
            refuse_password_names([value])
        except EthicLensInputError as exc:
            errors[field] = said(exc)
            return None
        return value

    roles = {
        "y_true": column("y_true", True, "label (true outcome)"),
        "y_pred": column("y_pred", True, "prediction"),
        "y_pred_b": column("y_pred_b"),
        "y_score": column("y_score"),
        "weight": column("weight"),
    }
    if roles["y_pred"] and roles["y_pred"] == roles["y_pred_b"]:
        errors["y_pred_b"] = "model B must be a different column from model A"
    for role in ("y_true", "weight"):  # model B's predictions are neither (its score is unused)
        if roles["y_pred_b"] and roles["y_pred_b"] == roles[role] and "y_pred_b" not in errors:
            errors["y_pred_b"] = f"is already the {ROLE_WORDS[role]} column: choose another column"
    taken: dict[str, str] = {}
    for role, col in roles.items():  # one column, one role (the library refuses it later)
        if role == "y_pred_b":  # model B is checked with its file (_twofiles), not here
            continue
        if col is not None and col in taken and role not in errors:
            errors[role] = f"is already the {ROLE_WORDS[taken[col]]} column: choose another column"
        taken.setdefault(col, role)
    return roles


def column_index(raw, count: int) -> int | None:
    """The column number a form sent (``raw``: ASCII digits only, below ``count``), else None:
    "-1", "99", "abc" or "²" is not a column of the file."""
    text = raw if isinstance(raw, str) else ""
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) >= count:
        return None
    return int(text)


def _protected(form: dict, prof: dict, roles: dict, errors: dict) -> tuple[dict, dict]:
    """({column: reference or None}, bins) of the ticked attributes, each checked: a column of
    the file, ticked once, not a role's column, bins for a continuous one, more than one
    group, and read back by the library as the column and group ticked."""
    cols = [c["name"] for c in prof["columns"]]
    chosen: list[int] = []
    for raw in ordered_protected(form):
        i = column_index(raw, len(cols))
        if i is None:
            errors["protected"] = (
                f"{value_text(raw)} is not a column of this file. Fix: tick the attributes on "
                "this page"
            )
        elif i in chosen:
            errors["protected"] = (
                f"{cols[i]!r} is given twice. Fix: tick each protected attribute once"
            )
        else:
            chosen.append(i)
    if not chosen and "protected" not in errors:
        errors["protected"] = "choose at least one protected attribute (the groups compared)"
    used = {column: ROLE_WORDS[role] for role, column in roles.items() if column is not None}
    protected, bins = {}, {}
    for i in chosen:
        col = cols[i]
        if col in used:
            errors[f"prot_{i}"] = f"is already the {used[col]} column: choose another attribute"
            continue
        try:
            refuse_password_names([col])
        except EthicLensInputError as exc:
            errors[f"prot_{i}"] = said(exc)
            continue
        edges = _bins(form, prof["columns"][i], i, prof.get("whole_file"), errors)
        if edges is None and (ids := _looks_like_ids(prof["columns"][i], prof)):
            errors[f"prot_{i}"] = ids
            continue
        if edges is False:
            continue
        if edges:
            bins[col] = edges
        try:
            protected[col] = _reference(form.get(f"ref_{i}"), prof["columns"][i]) or None
        except EthicLensInputError as exc:  # kept, so no other field is refused for it
            errors[f"ref_{i}"] = said(exc)
            protected[col] = None
    _read_back(protected, cols, errors)
    return protected, bins


def ordered_protected(form: dict) -> list[str]:
    """The ticked attributes (``protected_list``, as sent) in the order of the request they
    were read from: the form's hidden ``protected_order`` (the indexes of the run it was
    filled from, comma-separated) first, in its order, then any other ticked, as sent. The
    order is the request's (it sets the interval draws of a seed), and a browser sends the
    boxes in the page's order."""
    sent = form.get("protected_list", form.get("protected") or [])  # the app's / a Python form's
    sent = [sent] if isinstance(sent, str) else list(sent)
    order = [i.strip() for i in str(form.get("protected_order") or "").split(",") if i.strip()]
    rank = {raw: n for n, raw in enumerate(dict.fromkeys(order))}
    return sorted(sent, key=lambda raw: rank.get(raw, len(rank)))


def _looks_like_ids(c: dict, prof: dict) -> str | None:
    """Why a column looks like an identifier rather than a protected attribute, or None. The
    rule: more than ``CONTINUOUS`` groups (the library's bound on a set of groups) and more
    than half the rows read for this screen alone in their group. A group of one row is below
    every sample floor, so such an audit yields a comparison per row, every one
    INSUFFICIENT_DATA, after minutes of interval draws."""
    alone, rows = c.get("alone", 0), prof.get("sample_rows") or 0
    if c["distinct"] <= CONTINUOUS or 2 * alone <= rows:
        return None
    more = "" if prof.get("whole_file") else "+"
    return (
        f"{c['name']} looks like an identifier, not a protected attribute: {alone:,} of the "
        f"{rows:,} rows read are alone in their group ({c['distinct']:,}{more} groups), and a "
        "group of one row can never be judged. Fix: choose a column of groups (e.g. sex, "
        "race, age band), or merge its values into a few groups in the file"
    )


def _reference(raw, column: dict) -> str:
    """A reference field's text: as sent when it is one of the column's values (a group
    written with spaces around it, ' Female', picked from the list), else as the command
    line reads it: stripped, or exactly what double quotes hold; each read back as a Merge
    box reads a group (:func:`read_back`: a visible form as the group it shows)."""
    from ..spec import read_group

    text = raw if isinstance(raw, str) else ""
    values = [str(v) for v in column.get("values") or ()]
    sent = read_back(text, values, what="group")  # as sent when one of them (or shown so)
    if sent != text or text in values or (stripped := read_group(text)) == text:
        return sent
    return read_back(stripped, values, what="group")  # as a Merge box reads a group


def read_back(
    text: str, names: list[str], otherwise: str | None = None, what: str = "column"
) -> str:
    """``text`` as one of ``names`` (columns, or a column's groups: ``what``): a name with a
    control or bidi character is offered (and echoed) in its visible form, "\\u202eA" for
    U+202E then A, which a browser sends back, or a user types, as shown: read it as the name.
    Else ``otherwise`` (default: ``text`` as sent). Refused (EthicLensInputError) when it is
    one name and the visible form of another (a column named with the six characters
    ``\\u202e`` then A, beside the one named U+202E then A): both are offered as the same
    value, so the page cannot tell which was chosen, and neither is taken unsaid. A name with
    a password is shown (and sent back) masked, "password=***": read as the one it masks.
    A name with whitespace around it is shown quoted (``' d'``: :func:`spaced_name`, as the
    value chips, the result pages and the refusals show it): that form is read as it too."""
    looks_quoted = len(text) >= 2 and text[0] == text[-1] and text[0] in "'\""
    quoted = [n for n in names if n != text and spaced_name(n) == text] if looks_quoted else []
    if "\\" not in text and "***" not in text and not quoted:  # every shown form has one
        return text if text in names or otherwise is None else otherwise
    meant = [n for n in dict.fromkeys(names) if n == text or text in shown_forms(n)]
    meant += [n for n in quoted if n not in meant]
    if len(meant) > 1:
        raise EthicLensInputError(
            f"names {len(meant)} {what}s of this file, shown alike on this page: "
            f"{', '.join(map(ascii, meant))}",
            value=text,
            fix=f"rename one of these {what}s in the file, so that each is shown as itself",
        )
    return meant[0] if meant else (text if otherwise is None else otherwise)


def _read_back(protected: dict, cols: list[str], errors: dict) -> None:
    """Refuse, by its reference's field, an attribute the library would read as another
    column: a reference group ``A`` of ``g`` where the file also has a column ``g=A``."""
    from ..spec import AuditSpec

    for col, ref in protected.items():
        if ref is None:
            continue
        try:
            entries = AuditSpec.from_dict({"roles": {"protected": {col: ref}}}).roles.protected
            names, refs = protected_entries(list(entries), cols)
        except EthicLensInputError:
            names, refs = [], {}
        if names != [col] or refs.get(col) != ref:
            other = next((n for n in names if n != col), f"{col}={ref}")
            read = f"the attribute {other!r}" + (
                f" with reference {refs[other]!r}" if other in refs else ""
            )
            errors[f"ref_{cols.index(col)}"] = (
                f"reference group {ref!r} of {col!r} would be read as {read} (the column "
                f"names clash). Fix: rename the column {other!r} in the file, or leave this "
                "reference empty"
            )


def protected_entries(protected, cols: list[str]) -> tuple[list[str], dict]:
    """(columns, {column: reference}) of a stored request's ``roles.protected``: a mapping
    {COL: REFERENCE or None} (what the mapping form writes) or a list of ``COL`` and
    ``COL=REFERENCE`` read as the library reads them (``spec.parse_protected``)."""
    from ..spec import parse_protected

    if isinstance(protected, dict):
        names = [str(k) for k in protected]
        return names, {str(k): str(v) for k, v in protected.items() if v is not None}
    if isinstance(protected, str):
        protected = [protected]
    return parse_protected(list(protected or []), columns=cols)


def _unknown_references(form: dict, prof: dict, groups: dict, errors: dict) -> None:
    """A ticked attribute's reference group that the file does not have, refused by its
    field in the library's words (which would say it only once the audit runs); checked
    where the profile saw every group: the whole file read, the values all kept, no bins or
    merge making new groups. Not on a column with missing values (a cell ``None`` or ``NA``
    read as one): the library refuses those rows first, so the run says it in the command
    line's words rather than the form calling ``None`` no group of the file."""
    count = len(prof["columns"])
    ticked = {column_index(raw, count) for raw in ordered_protected(form)}  # protected too
    for i, c in enumerate(prof["columns"]):
        try:
            ref = _reference(form.get(f"ref_{i}"), c)
        except EthicLensInputError:  # refused by its field already (_protected)
            continue
        edited = c["name"] in groups.get("merge", {}) or c["name"] in groups.get("bins", {})
        missing = c.get("missing", 0)
        if not ref or i not in ticked or edited or missing or not _all_seen(c, prof):
            continue
        if not _is_group(ref, c["values"]):
            values = [str(v) for v in c["values"]]
            exc = EthicLensInputError(  # the library's words (spec: references_named)
                f"unknown reference group of {c['name']!r}",
                value=ref,
                fix=use_one_of(ref, values),
            )
            errors[f"ref_{i}"] = str(exc)


def _all_seen(c: dict, prof: dict) -> bool:
    """Whether the profile saw every value of column ``c``: the whole file read, the values
    all kept."""
    return (
        bool(prof.get("whole_file"))
        and c.get("known") is not False
        and 0 < c["distinct"] <= MAX_DISTINCT
    )


def _checked_on_seen_values(spec: dict, prof: dict, errors: dict, typed: str = "") -> None:
    """The library's own checks that the run would make of the merge and exclude boxes (a
    group the column does not have, a merge leaving one group) and of the positive label
    value (one the label or prediction column never holds), made here on the values the
    profile saw where it saw them all, so the form refuses them by their fields (the label
    value shown as ``typed``). Not on a column with missing values (a cell ``None`` or ``NA``
    read as one): the run refuses those rows first, in the command line's words."""
    from ..fairness import as_binary_columns, check_group_edits, label_matches
    from ..spec import refuse_written_apart

    seen = {c["name"]: c for c in prof["columns"] if _all_seen(c, prof) and not c.get("missing")}
    groups, columns = spec["groups"], list(seen)
    _checked_group_labels(spec, prof, seen, errors)
    merge, exclude = groups.get("merge", {}), groups.get("exclude", {})
    for col in dict.fromkeys([*merge, *exclude]):
        if col not in seen or col in groups.get("bins", {}):
            continue
        edits = {  # as the run passes them: merges first, then exclusions
            "merge_groups": {col: merge[col]} if col in merge else None,
            "exclude_groups": {col: exclude[col]} if col in exclude else None,
        }
        try:
            check_group_edits(seen_series(seen[col], text=True).to_frame(col), **edits)
        except EthicLensInputError as exc:
            errors.setdefault(field_of(exc, columns, spec), said(in_form_fields(exc)))
    roles = spec["roles"]
    used = [roles.get("y_true"), *roles.get("y_pred", [])]
    if roles.get("pos_label") is None or not all(n in seen for n in used):
        return
    labels = {n: seen_series(seen[n]) for n in used}
    held = any(label_matches(v, roles["pos_label"]).any() for v in labels.values())
    try:
        if held:  # by some column: the others written otherwise are refused in the run's words
            refuse_written_apart(roles["pos_label"], labels)
        else:
            as_binary_columns(labels, roles["pos_label"])
    except EthicLensInputError as exc:  # as typed: 2.0, not the 2 it is read as
        exc.value = typed_value(exc.value, typed) if exc.value == roles["pos_label"] else exc.value
        column = "" if exc.column == "roles.pos_label" else f"{exc.column}: "  # the field's own
        errors.setdefault("pos_label", column + said(in_form_fields(exc)))


def _checked_kept_references(spec: dict, errors: dict) -> None:
    """The run's refusal of a reference group the Leave-out box takes away
    (``spec.edited_reference``: which group would the user want instead?), made here, by the
    Leave-out box, before an audit is queued (any profile: the names are the form's own)."""
    from ..spec import edited_reference

    groups = spec["groups"]
    for col, ref in (spec["roles"].get("protected") or {}).items():
        try:
            edited_reference(col, ref, groups.get("merge"), groups.get("exclude"))
        except EthicLensInputError as exc:
            errors.setdefault("exclude", said(in_form_fields(exc)))


def _checked_group_labels(spec: dict, prof: dict, seen: dict, errors: dict) -> None:
    """The run's refusal of a protected column's group labels holding a password
    (``_checks.check_label_lengths``, every engine's check), made here on the values the
    profile saw where it saw them all, so the form refuses it by the column's row
    (``prot_<i>``) before an audit is queued; a binned column's labels are its bins'. A
    label too long is left to the run: the profile keeps its first characters only, and the
    refusal names the longest's length."""
    names = [c["name"] for c in prof["columns"]]
    for col in spec["roles"].get("protected") or {}:
        if col not in seen or col in spec["groups"].get("bins", {}):
            continue
        labels = seen_series(seen[col], text=True)
        try:
            check_label_lengths(labels[labels.str.len() <= MAX_LABEL_CHARS].to_numpy(), col)
        except EthicLensInputError as exc:
            errors.setdefault(f"prot_{names.index(col)}", said(in_form_fields(exc)))


def _checked_weight_scale(weight: str | None, prof: dict, errors: dict) -> None:
    """The run's refusal of the weights' largest value (every weight 0; one too large or too
    small to square: ``fairness.as_weights``), made here on the largest the profile saw when
    it read the whole file, so the form refuses it by its weight field. Rows the run refuses
    by their number (missing, negative, infinite) are left to it, in the command line's words;
    the database rule checks its cells' largest weights so too (``sources``)."""
    import pandas as pd

    from ..fairness import as_weights

    c = next((c for c in prof["columns"] if c["name"] == weight), None)
    if not (c and prof.get("whole_file") and c.get("numeric") and not c.get("missing")):
        return
    span = c.get("range") or []
    if len(span) != 2 or not all(_a_number(v) for v in span):
        return
    try:  # as floats, as the run reads them: 10**400 past float's, a complex or a Decimal NaN
        least, most = (float(v) for v in span)  # none compares: left to the run
    except (TypeError, ValueError, ArithmeticError):
        return
    if not 0 <= least <= most < math.inf:
        return  # rows the run refuses by their first (negative, infinite, NaN, 10**400)
    try:
        as_weights(pd.Series([most], name=weight), 1)
    except EthicLensInputError as exc:
        errors.setdefault("weight", said(in_form_fields(exc)))


def seen_series(c: dict, text: bool = False):
    """Column ``c``'s values as the profile saw them, one row each: as group labels
    (``text``), else typed as the run reads a label column (numbers, true/false)."""
    import pandas as pd

    values = pd.Series([str(v) for v in c["values"]], dtype=object)
    if text:
        return values
    if set(values.str.lower()) <= {"true", "false"}:
        return values.str.lower() == "true"
    return pd.to_numeric(values) if c["numeric"] else values


def _is_group(ref: str, values: list) -> bool:
    """``ref`` names one of ``values`` as text, or as the number a numeric group is."""
    if ref in (str(v) for v in values):
        return True
    number = _number_or_text(ref)
    return not isinstance(number, str) and number in values


def _bins(form: dict, c: dict, i: int, whole_file: bool, errors: dict):
    """An attribute's bin edges, None when it needs none, False when it cannot be audited
    (the reason is in ``errors``)."""
    col = c["name"]
    edges_text = form.get(f"bins_{i}") or ""  # empty: none; blanks only: refused (--bins 'a=  ')
    edges_text = edges_text.strip() or edges_text
    if edges_text:
        try:
            edges = _box_edges(edges_text, col)
        except EthicLensInputError as exc:
            errors[f"bins_{i}"] = said(exc)
            return False
        if outside := _edges_short(edges, c, whole_file):  # the run's refusal, at the form
            errors[f"bins_{i}"] = outside
            return False
        return [int(e) if e.is_integer() else e for e in edges]
    if numbers(c) and c["distinct"] > CONTINUOUS:
        errors[f"bins_{i}"] = (
            f"{col} looks continuous ({c['distinct']}{'' if whole_file else '+'} distinct "
            f"numbers): give bin edges, e.g. {suggest_bins(c) or '0,25,45,65,120'}; if the "
            "numbers are group codes, write them in the file as text that is not a number "
            "(e.g. 'code 2850': a CSV field of digits is read as a number, quoted or not), or "
            "upload Parquet with the column as strings"
        )
        return False
    # a column with missing values is the run's to refuse, in the command line's words (the
    # label's missing values first, then the groups', each with its first row and its fix)
    if c["distinct"] < 2 and whole_file and not c.get("missing"):
        errors[f"prot_{i}"] = (
            f"{col} has a single group ({c['values'][0]!r} ...): nothing to compare; "
            "choose another attribute"
            if c["values"]
            else f"{col} is empty"
        )
        return False
    return None


def _edges_short(edges: list[float], c: dict, whole_file: bool) -> str | None:
    """The refusal of bin edges that leave out values the profile saw (the run refuses any
    row outside the first and last edge, ``fairness``' "values outside the bin edges"): its
    range is the whole file's, or its first rows' (values that are in the file all the
    same); None when they cover it, or when it is not known exactly (no range profiled, a
    float past 2**53 that rounds a whole number)."""
    span = c.get("range") if numbers(c) else None
    if not span or len(span) != 2 or not all(_exact_number(v) for v in span):
        return None
    least, most = span
    if least >= edges[0] and most <= edges[-1]:
        return None
    low, high, first, last = (number_text(v) for v in (edges[0], edges[-1], least, most))
    seen = "data range" if whole_file else "the file's first rows range"
    return (
        f"values outside the bin edges [{low}, {high}] ({seen} {first} to {last}). Fix: "
        "widen the first or last edge to cover the data"
    )


def _exact_number(v) -> bool:
    """Whether ``v`` (a profiled range's end) is a number compared exactly with an edge."""
    if isinstance(v, bool) or not isinstance(v, int | float) or v != v:  # NaN: none
        return False
    return isinstance(v, int) or math.isinf(v) or abs(v) < 2.0**53


def _box_edges(text: str, column: str) -> list[float]:
    """The edges typed in a bins box, read and checked as ``--bins`` reads them (the library's
    ``parse_bins`` and ``check_bin_edges``): an empty item or ``1_0`` is refused, as there."""
    from ..fairness import check_bin_edges

    # the box holds only the edges, split as parse_bins splits them: never an ATTR=, so
    # 'age=18,90' is edges ['age=18', '90'], refused as --bins refuses an edge with '='
    return check_bin_edges([e.strip() for e in text.split(",")], column)


def _group_edits(form: dict, groups: dict, errors: dict, profiled: list[dict]) -> None:
    """The merge and exclude boxes, parsed as the command line parses its flags (a column
    whose name holds "=" matched whole: ``age>=65=yes,no:all``); a column or group typed as
    the page shows it (``\\u202eA``) read as the one it is."""
    from ..spec import parse_excludes, parse_merges

    columns = [c["name"] for c in profiled]
    values = {c["name"]: [str(v) for v in c.get("values") or ()] for c in profiled}
    ticked = [
        columns[i]
        for raw in ordered_protected(form)
        if (i := column_index(raw, len(columns))) is not None
    ]
    for name, parse in (("merge", parse_merges), ("exclude", parse_excludes)):
        typed = tuple(lines(form.get(name)))
        if not typed:
            continue
        try:
            parsed = parse(typed, shown_columns(columns))  # a shown column too
        except EthicLensInputError as exc:
            errors[name] = group_edit_error(exc)
            continue
        try:
            groups[name] = _read_edits(parsed, columns, values)
        except EthicLensInputError as exc:  # a name the page shows as another's
            errors[name] = said(exc)
            continue
        for col in groups[name]:
            if (unknown := unknown_attribute(col, ticked, columns)) and name not in errors:
                errors[name] = unknown


def shown_form(form: dict, profiled: list[dict]) -> dict:
    """The mapping form as its (masked) screen echoes it: a name masked (read back on submit),
    the Merge and Leave-out lines each name masked alone (:func:`shown_edits`), and the text
    no list reads back (the positive label, bins, policy and model card fields) as typed:
    masked, it would be sent back, and run, as ``***``. Such a text holding a password
    (``postgresql://u:pw@h/db``) is shown masked all the same, as every output masks it: the
    page is no place for it (a number field refuses it anyway, a model card masks it)."""
    typed = ("pos_label", *(n for n, _ in POLICY_FIELDS), *MODEL_FIELDS)
    kept = {
        k: Masked(masked_piece(v))
        for k, v in form.items()
        if isinstance(v, str) and (k in typed or k[:5] == "bins_")
    }
    edits = {k: shown_edits(form.get(k), profiled, k == "merge") for k in ("merge", "exclude")}
    return {**form, **kept, **edits}


def shown_columns(columns: list[str]) -> list[str]:
    """The columns and every form the mapping screen shows them in (``password=***``), so a
    Merge or Leave-out line naming a shown column whose name holds "=" is split after it."""
    held = (c for c in columns if "=" in c)  # a shown form holds '=' only where its name does
    return [*columns, *(f for c in held for f in sorted(shown_forms(c)) if "=" in f)]


def shown_edits(text, profiled: list[dict], merge: bool) -> Masked:
    """A Merge (``merge``) or Leave-out box's text as the mapping screen echoes it: on each line
    the column and each group masked alone (masked whole, ``g password=pw=A`` read ``g
    password=***``: its group lost); each read back on submit (:func:`_read_edits`)."""
    if not text:
        return Masked("")
    from ..spec import edit_attribute

    names = [c["name"] for c in profiled]
    known, shown = shown_columns(names), []
    for line in str(text).split("\n"):
        # the column as the run reads the line (spec.edit_attribute: ' g', '" g"', 'a=b')
        typed, attr, rest = edit_attribute(line.lstrip(), known)
        if attr not in known:
            shown.append(masked_piece(line))
            continue
        try:  # two columns shown alike: refused on submit, the line shown masked whole here
            values = profiled[names.index(read_back(attr, names))].get("values") or ()
        except (EthicLensInputError, ValueError):
            shown.append(masked_piece(line))
            continue
        head = line[: len(line) - len(line.lstrip())] + typed
        shown.append(_shown_line(head, rest, values, merge))
    return Masked("\n".join(shown))


def _shown_line(head: str, rest: str, values, merge: bool) -> str:
    """A box's line ``HEAD=REST`` naming a column (``head`` as typed): the column, and a
    merge's groups and new name, masked alone where each group is one of ``values`` (the
    column's, or as shown); else the rest whole (a piece cut from an unknown text could be
    half a password: a URL's 'u' of 'u:pw')."""
    from ..spec import merge_parts, read_group, split_outside_brackets

    groups, colon, new = merge_parts(rest) if merge else ("", "", rest)
    olds = split_outside_brackets(groups)  # as the run cuts and reads them: '"a\\"b"' is a"b
    seen = {str(v) for v in values}
    seen |= {f for v in seen for f in shown_forms(v)}
    if not colon or not all(read_group(g) in seen for g in olds):
        return f"{masked_piece(head)}={masked_piece(rest)}"
    return f"{masked_piece(head)}={','.join(map(masked_piece, olds))}:{masked_piece(new)}"


def _read_edits(parsed: dict, columns: list[str], values: dict) -> dict:
    """A merge or exclude box's parsed lines with each column and group read back as the one
    the page shows (:func:`read_back`)."""
    edits = {}
    for col, edit in parsed.items():
        col = read_back(col, columns)
        known = values.get(col, [])
        edits[col] = (  # merge: {new group: [groups merged]}; exclude: [groups]
            {new: [read_back(g, known, what="group") for g in old] for new, old in edit.items()}
            if isinstance(edit, dict)
            else [read_back(g, known, what="group") for g in edit]
        )
    return edits


def unknown_attribute(col: str, attributes: list, columns: list) -> str | None:
    """The refusal of a merge or exclude line's attribute ``col`` that is none of the request's
    protected ``attributes`` (which the run refuses: "unknown attribute"), said by its box
    with the closest one; None when it is one, or when none is chosen (refused apart)."""
    if not attributes or col in attributes:
        return None
    tick = f", or tick {col} under Protected attributes" if col in columns else ""
    fix = f"{use_one_of(col, attributes)}{tick}"
    return said(EthicLensInputError(f"{col!r} is not a protected attribute of this audit", fix=fix))


def group_edit_error(exc: EthicLensInputError) -> str:
    """The parser's message about a merge or exclude line in the form's words: the line it
    is about, and its example without the command-line flag (the box takes one per line)."""
    fix = re.sub(r'--[a-z-]+ "?([^"]*)"?', r"\1", exc.fix or "")
    fix = fix.replace("in one flag", "on one line")
    # the line quoted as the command line quotes a value (a 60 kB line not written back whole)
    line = f"line {value_text(exc.value)}: " if isinstance(exc.value, str) else ""
    return line + exc.problem + (f". Fix: {fix}" if fix else "")


def policy_from_form(form: dict, spec: dict, errors: dict) -> None:
    """The policy and model-card fields (shared by the file and benchmark forms)."""
    from ..spec import field_fix, refuse_field_text  # each field's own fix and words

    for name, kind in POLICY_FIELDS:
        given = form.get(name) or ""  # empty: left out; blanks only: refused, as --n-boot '  '
        if not given:
            continue
        raw = given.strip() or given
        try:  # read as every face reads a number: int()/float() take "0_8" as 8, "٣" as 3
            # 200.0 for a whole number: the spec's check names one in its range to give
            whole = kind is int and written_float(raw) is None
            if kind in NOT_OF_TYPE and not is_number_text(raw, whole=whole):
                raise ValueError(raw)
            # a float past a double's range keeps its text for the refusal (1e400, not inf)
            spec["policy"][name] = {int: typed_whole, float: _number_as_typed}.get(kind, kind)(raw)
        except ValueError:
            try:  # abc: the field's own check, with its range (every face's words)
                refuse_field_text(raw, [f"policy.{name}"], whole=kind is int)
            except EthicLensInputError as exc:
                errors[name] = said(exc)
                continue
            what, fix = NOT_OF_TYPE[kind]
            fix = fix or field_fix(f"policy.{name}", typed=True)
            errors[name] = f"{raw!r} is not a valid {what}. Fix: {fix}"
            continue
        if kind is float and underflows(raw):  # 1e-400 is not 0.0 (every face's words)
            errors[name] = f"{underflow_words(raw)}. Fix: {field_fix(f'policy.{name}')}"
    # kept whole, as the command line keeps them (the spec's lengths refuse a long one); an
    # empty field is one left out, but one of blanks only is given, and refused as
    # --model-name '  ' is (the spec's "must not be empty (it is only blanks)")
    for name, key in MODEL_FIELDS.items():
        raw = form.get(name) or ""
        if raw:
            spec["model"][key] = raw.strip() or raw


def typed_value(value, typed: str | None):
    """The value a refusal shows: the field's own text, quoted, when it is the finite number
    the field was read as and writes otherwise (``'-1'``, ``'0.80'``, not ``-1.0``, ``0.8``:
    as the command line quotes an option's text, and as a number past a double's range keeps
    its own words, ``'1e400'``); a whole number of more than ``SHOWN_DIGITS`` digits is shown
    shortened, as every face shows it (no float of it is taken, which a 400-digit seed
    overflowed)."""
    if not typed or type(value).__repr__ not in (int.__repr__, float.__repr__):
        return value  # not a number, or one that writes itself (True, 1e400 as typed)
    if isinstance(value, float) and not math.isfinite(value):
        return value
    if isinstance(value, int) and abs(value) >= 10**SHOWN_DIGITS:
        return value
    if str(value) == typed:  # 0.5, inf: the number writes itself as typed (the CLI's rule)
        return value
    return str(typed)  # text: quoted where shown, as the command line quotes what was typed


def check_request(spec: dict, purpose: str, form: dict | None = None) -> None:
    """The library's checks of a request made by a form, before anything is stored or
    written: the spec's own, and the interval method this kind of run takes (which the
    library checks only once the data are read). The message goes next to the field it
    names, so it does not start with the form's name; a policy field's value is shown as
    typed in ``form``."""
    from ..spec import AuditSpec
    from ..spec import check_request as library_check

    try:  # refused before anything is stored, as the CLI refuses it before the data is read
        library_check(AuditSpec.from_dict(spec, source=FORM), purpose)
    except EthicLensInputError as exc:
        problem = exc.problem.removeprefix(f"{FORM}: ")
        name = str(exc.column or "").removeprefix("policy.")
        typed = (form or {}).get(name) if name in dict(POLICY_FIELDS) else None
        value = typed_value(exc.value, typed.strip() if isinstance(typed, str) else None)
        raise EthicLensInputError(problem, column=exc.column, value=value, fix=exc.fix) from None


def _number_or_text(text: str):
    """A value typed for a label or a group: the number it is (``_checks.is_number_text``: a
    "1_0" or "٣" stays text, and "nan", which no value equals), a whole one as an int, else
    the text as given."""
    if not is_number_text(text):
        return text
    if text.strip().lstrip("+-").isdigit():  # a whole number exactly: 9007199254740993 too
        try:
            return int(text)
        except ValueError:  # past Python's 4,300 digits: no label holds it; shown as typed
            return text
    value = float(text)
    # no label or group is NaN, 1e400 is not inf and 1e-400 not 0 (which it read as, the
    # audit run with the other label positive): the text, as the command line keeps it
    if not math.isfinite(value) or underflows(text):
        return text
    return int(value) if value.is_integer() else value


POS_LABEL_FIX = (
    "type the value that means positive (one of the two found) in the field Positive label "
    "value; the label and the prediction must use the same two values"
)
RECODE_FIX = (
    "recode it to 0/1 in the file (1 = the positive outcome), as the other of the label and "
    "the prediction is; or write both with the same two values and type the positive one in "
    "the field Positive label value"
)
# a database's profile holds no values: which of the two ways fits is not known here
UNSEEN_FIX = (
    "where the other of the label and the prediction is 0/1, recode this one to 0/1 in the "
    "table (1 = the positive outcome; a view that recodes it will do); where both hold these "
    "two values, type the positive one in the field Positive label value"
)
ZERO_ONE = {"0", "1", "0.0", "1.0", "True", "False", "true", "false"}


def in_form_terms(exc: EthicLensInputError) -> EthicLensInputError:
    """``exc`` with each command-line flag its problem or fix names ("drop --bins for a
    categorical attribute") called by the mapping form's field that sets it ("drop the field
    Bins"): the browser's user typed no flag. A flag no field sets stays."""
    return exc.renamed({}, None, {f: f"the field {w}" for f, w in _flag_fields().items()})


def in_form_fields(exc: EthicLensInputError) -> EthicLensInputError:
    """:func:`in_form_terms`, a spelling for each face ("--pos-label 1 on the command line,
    pos_label='1' in Python") called by its field too (:func:`_in_fields`); a fix in pandas
    code said in the words for files (:func:`~ethiclens.errors.in_cli_words`)."""
    exc = in_cli_words(exc)
    problem, fix = _in_fields(exc.problem), exc.fix and _in_fields(exc.fix)
    if (problem, fix) != (exc.problem, exc.fix):
        exc = EthicLensInputError(problem, column=exc.column, value=exc.value, fix=fix)
    return in_form_terms(exc)


# the data screen's fields a run's refusal may name by its flag (the mapping form has none)
_DATA_FIELDS = {"--table": "Table", "--db-env": "Database", "--db": "Database"}


def place_label(column: str) -> str:
    """What a page calls the place a refusal names by a flag (``--table``: the data screen's
    field Table); any other name as it is."""
    return {**_flag_fields(), **_DATA_FIELDS}.get(column, column)


# a fix's spellings for the command line and Python or a config file, which in_form_terms
# keeps as they are: "--pos-label 1 on the command line, pos_label='1' in Python",
# "--merge-groups V on the command line, groups: {merge: ...} in a config file",
# "--y-pred (y_pred=)"; the value shell-quoted ("--pos-label ' >50K.'", "--pos-label=-1":
# _checks.pos_label_said)
_FACES = re.compile(
    r"(--[a-z][\w-]*)(?:[ =]((?:(?!--)[^()])+?))? on the command line, "
    r"(?:\w+=[^()]*? in Python|[\w.]+: [^()]*? in a config file)"
    r"|(--[a-z][\w-]*) \(\w+=\)"
)


def _unquoted(value: str | None) -> str | None:
    """A command line's value as a field holds it: ``' >50K.'`` is `` >50K.``."""
    try:
        words = shlex.split(value) if value else None
    except ValueError:  # a quote never closed: the text as it is
        return value
    return words[0] if words and len(words) == 1 else value


def _in_fields(text: str) -> str:
    """``text`` with each of :data:`_FACES` called by the form's field that sets its flag; an
    alternative (", or ...") whose value no field can hold (' yes': a field is stripped) is
    dropped, and the file named as the place to change."""
    fields, untypable = _flag_fields(), []

    def field(m: re.Match) -> str:
        flag, value = m[1] or m[3], _unquoted(m[2])
        if flag in fields and value is not None and value != value.strip():
            untypable.append(f"the field {fields[flag]} cannot hold {value!r}")
            return "\0"
        typed = f"type {value} in " if value else ""
        return f"{typed}the field {fields[flag]}" if flag in fields else m[0]

    text = _FACES.sub(field, text)
    if not untypable:
        return text
    kept = ", or ".join(part for part in text.split(", or ") if "\0" not in part)
    said = f"{untypable[0]} (the form strips the whitespace around a value): change the file "
    return f"{kept}; {said}and upload it again" if kept else f"{said}and upload it again"


def in_form_words(error: dict, prof: dict | None = None, spec: dict | None = None) -> dict:
    """A run's stored error as the mapping form says it (its flags as :func:`in_form_terms`
    names them), and a label or prediction column of two
    values other than 0/1 (whose fix names the library's keyword and flag) is the "Positive
    label value" field's when the label and the predictions all hold other values than 0/1
    (as far as the profile saw), else its column's, with the form's fix; a database's profile
    saw no values: its column's, with both fixes."""
    problem, fix = error.get("problem") or "", error.get("fix") or ""
    two = len(_found_values(error) or "ab") == 2  # more: the library's fix (drop the others)
    if not (error.get("column") and "is not binary 0/1" in problem and "pos" in fix and two):
        termed = in_form_fields(EthicLensInputError(problem, fix=error.get("fix")))
        return {**error, "problem": termed.problem, "fix": termed.fix}
    column = str(error["column"])
    if column.endswith(")") and " (" in column:  # "pred (y_pred)": the column, by name
        column = column.rpartition(" (")[0]
    roles = (spec or {}).get("roles") or {}
    by_name = {c["name"]: c for c in (prof or {}).get("columns", [])}
    used = [roles.get("y_true"), *(roles.get("y_pred") or [])]
    if any(by_name.get(n, {}).get("known") is False for n in used if n):  # a database's
        return {**error, "column": column, "fix": UNSEEN_FIX}
    columns = [c for c in (by_name.get(n) for n in used if n) if c]
    if any(c.get("values") and set(c["values"]) <= ZERO_ONE for c in columns):
        return {**error, "column": column, "fix": RECODE_FIX}
    return {
        **error,
        "problem": f"the column {column!r} {problem}",
        "column": "roles.pos_label",
        "kind": "key",
        "fix": _padded_fix(error, column, columns) or POS_LABEL_FIX,
    }


def _found_values(error: dict) -> list | None:
    """The values a stored refusal of a label or prediction column found (its ``found``:
    ``fairness.not_binary``'s, as its words list them), None when it names none."""
    found = error.get("found")
    return list(found) if isinstance(found, list | tuple) else None


def _padded_fix(error: dict, column: str, columns: list[dict]) -> str | None:
    """The fix of two values other than 0/1 whose positive one (``_checks.positive_value``)
    ``column`` (the values its ``error`` found) or another of the profile's ``columns`` writes with
    whitespace around it (' yes'): the field Positive label value, stripped, cannot hold it,
    so the file is changed; None when no column writes it so."""
    try:
        found = _found_values(error)
        positive = str(positive_value(found)).strip()
    except (TypeError, IndexError):  # no values said: none known
        return None
    written = {column: found, **{c["name"]: c.get("values") or [] for c in columns}}
    padded = {
        name: v
        for name, values in written.items()
        for v in map(str, values)
        if v != v.strip() and v.strip() == positive
    }
    if not padded:
        return None
    # in the file's words: the browser's user changes the file, never a data frame
    columns = ", ".join(map(repr, padded))
    return (
        f"strip the whitespace around the labels of {columns} in the file; the field Positive "
        f"label value cannot hold {next(iter(padded.values()))!r} (the form strips the whitespace "
        "around a value): change the file and upload it again"
    )


def field_of(exc: EthicLensInputError, columns: list[str], spec: dict | None = None) -> str:
    """The form field an error from the library names (a spec key, a flag or a column)."""
    from ..spec import ENGINE_KEYS, flag_paths

    col = "" if exc.column is None else str(exc.column)
    preds = (spec or {}).get("roles", {}).get("y_pred") or []
    if col not in columns + preds:  # a key's item ("...[0]"), not a column "race/ethnicity"
        col = col.split("/")[0].split("[")[0]
    if col not in columns and col.endswith(")") and col.rpartition(" (")[0] in columns + preds:
        col = col.rpartition(" (")[0]  # "pred (y_pred)": the library names the column's role
    if col not in columns and col in preds[1:]:  # model B's column of its own file
        return "y_pred_b"
    if col in columns and exc.kind == "column":  # a column named like a keyword ('y_true')
        return _column_field(exc, col, columns, spec or {}, preds)
    col = {  # the engine's keyword names
        "pred_a": "--y-pred",
        "pred_b": "y_pred_b",
        "y_true": "--y-true",
        "merge_groups": "--merge-groups",
        "exclude_groups": "--exclude-group",
        "sample_weight": "--weight",
        "reference": "--protected",
        "bins": "--bins",
    }.get(col, col)
    if col in ("y_pred_b", "model_b"):
        return col
    path = flag_paths().get(col, col)
    if col not in columns:  # a setting by the library's keyword (n_boot, random_state)
        path = ENGINE_KEYS.get(col, path)
    if path in SPEC_FIELDS:
        return SPEC_FIELDS[path]
    for key in ("roles.protected.", "groups.bins."):  # an attribute's key: its row's field
        if path.startswith(key) and path.removeprefix(key) in columns:
            col = path.removeprefix(key)
    if col in columns:
        return _column_field(exc, col, columns, spec or {}, preds)
    return "form"


def _column_field(exc, col: str, columns: list[str], spec: dict, preds: list) -> str:
    """The field of the file's column ``col`` that ``exc`` names: its role's, else its row's."""
    roles = spec.get("roles", {})
    for key in ("y_true", "y_score", "weight"):
        if roles.get(key) == col:
            return key
    if col in preds:
        return "y_pred" if preds.index(col) == 0 else "y_pred_b"
    i = columns.index(col)
    if "reference group" in exc.problem:  # a binned attribute's too: its reference field
        return f"ref_{i}"
    if col in spec.get("groups", {}).get("bins", {}) or "continuous" in exc.problem:
        return f"bins_{i}"
    return f"prot_{i}"


def field_label(field: str, columns: list[str]) -> str:
    """What the mapping form calls ``field``: its label, or a protected attribute's column
    (``prot_3``, ``bins_3``); "" for none (an error above the form)."""
    kind, _, index = field.partition("_")
    number = column_index(index, len(columns))
    if kind in ("prot", "bins", "ref") and number is not None:
        return {"bins": "Bins of ", "ref": "Reference group of "}.get(kind, "") + columns[number]
    return FIELD_LABELS.get(field, "")


def placed(errors: dict[str, str], shown: set[str], at: str = "form") -> dict[str, str]:
    """``errors`` as a page draws them: each by its field when the page has that field, the
    others at ``at`` (the top of their form), each named by its field's label, so that no
    refusal reaches the user without its message."""
    out = {name: text for name, text in errors.items() if name in shown and name != at}
    stray = [
        f"{FIELD_LABELS.get(name, name)}: {text}" if name not in ("form", at) else text
        for name, text in errors.items()
        if name not in out
    ]
    if stray:
        out[at] = "; ".join(stray)
    return out
