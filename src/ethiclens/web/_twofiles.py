"""Two models from two uploads of the same rows. The library compares two prediction columns
of one table (``roles.y_pred: [A, B]``), so the app checks that model B's file holds the same
rows as model A's (same count, and equal label, group and weight columns, row by row) and
writes one table: model A's columns the request uses, plus model B's prediction column. That
table is the request's target; the result page offers it for download next to the config that
names it, so the CLI reproduces the comparison."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from .._checks import did_you_mean
from ..errors import EthicLensInputError, in_cli_words
from ..io import write_atomic
from . import _roles
from ._portable import portable_name
from ._store import new_id
from ._web import NOT_LISTED, read_profile

FILE_KINDS = ("csv", "parquet")
FIX_SAME_ROWS = (
    "export both models' predictions from the same table, with the same label and group "
    "columns, in the same row order"
)


# model B's choices listed per recent file: every two-valued column up to MODEL_B_ALL (a
# column left out cannot be chosen); past that (one-hot features: thousands, on every mapping
# page drawn) MODEL_B_SHOWN of them
MODEL_B_ALL = 200
MODEL_B_SHOWN = 20
# past them, the file's '… and K more' is a choice, its column typed in this field
TYPED_FIELD = _roles.FIELD_LABELS["model_b_column"]
MORE_CHOICE = "the file's '… and K more two-valued columns' in 'Model B from another file'"


def other_files(web, data: dict, chosen: str = "") -> list[dict]:
    """Files that can be model B for ``data`` (recent uploads and picked files), each with
    its two-valued columns (the candidates for a prediction): all of them, or of more than
    :data:`MODEL_B_ALL` at most :data:`MODEL_B_SHOWN`, those named like a prediction first, and
    ``chosen`` (the form's choice) always; ``more`` counts the others."""
    if data["kind"] not in FILE_KINDS:
        return []
    out = []
    for row in web.store.files(limit=20):
        prof = row["id"] != data["id"] and read_profile(row.get("profile"), row["kind"])
        if not prof:  # itself, or a file whose profile is damaged: not offered
            continue
        cols = prof["columns"]
        choices = [
            (f"{row['id']}:{i}", c["name"]) for i, c in enumerate(cols) if c["distinct"] <= 2
        ]
        ranked = sorted(choices, key=lambda c: not _roles.PRED_WORDS.search(c[1]))
        cap = MODEL_B_SHOWN if len(choices) > MODEL_B_ALL else None
        shown = set(ranked[:cap]) | {c for c in choices if c[0] == chosen}
        if choices:
            kept = [c for c in choices if c in shown]  # in the file's order
            fields = {k: row[k] for k in ("id", "name", "created")}
            out.append({**fields, "columns": kept, "more": len(choices) - len(kept)})
    return out


def is_upload(web, data_id: str) -> bool:
    """Whether ``data_id`` (a mapping screen's ``?b=``) names an uploaded file of this store."""
    row = web.store.data(data_id) if re.fullmatch(r"[0-9a-f]{24}", data_id) else None
    return row is not None and row["kind"] in FILE_KINDS


def proposed_choice(web, data_id: str) -> str:
    """Model B's choice for a file just uploaded for it: its column proposed as a prediction."""
    row = web.store.data(data_id) if len(data_id) == 24 else None
    if row is None or row["kind"] not in FILE_KINDS or not row.get("profile"):
        return ""
    prof = web.profile_of(row)
    pred = _roles.propose(prof)["y_pred"]
    names = [c["name"] for c in prof["columns"]]
    return f"{data_id}:{names.index(pred)}" if pred else ""


def joined_of(web, spec: dict) -> dict | None:
    path = (spec.get("target") or {}).get("file")
    row = web.store.data_at(path) if path else None
    return row if row and row["kind"] == "joined" else None


def choice_of(web, spec: dict) -> str:
    """The model-B choice of a stored two-upload request (to show the form again)."""
    joined = joined_of(web, spec)
    if joined is None:
        return ""
    source = web.profile_of(joined)["joined"]
    return f"{source['b']}:{source['index']}"


def _model_b(web, data: dict, form: dict) -> tuple[dict, str, int]:
    """(model B's data row, its prediction column, the column's index) from the form."""
    if form.get("y_pred_b"):
        raise _problem(
            "choose model B either as a column of this file or as another file, not both",
            "set 'Second model to compare' to '— none —', or model B's file to '— none —'",
        )
    if data["kind"] not in FILE_KINDS:
        raise _problem("model B's file can only be compared with an uploaded file", "")
    typed = form.get("model_b_column") or ""  # a name's spaces kept, as a role field's
    typed = typed if typed.strip() else ""
    if typed and not any(f["more"] for f in other_files(web, data)):  # a field not drawn
        raise _problem(
            "model B's column typed, but no file here lists more columns than it shows",
            f"choose model B's column in '{_roles.FIELD_LABELS['model_b']}'",
        )
    if typed and not form.get("model_b"):
        raise _problem("model B's column typed without its file", f"choose {MORE_CHOICE}")
    raw_id, _, raw_index = (form.get("model_b") or "").partition(":")
    row = web.store.data(raw_id) if len(raw_id) == 24 and raw_id.isalnum() else None
    cols = web.profile_of(row)["columns"] if row else []
    if (
        row is None
        or row["kind"] not in FILE_KINDS
        or not (raw_index.isascii() and raw_index.isdigit() or raw_index == "")
    ):
        sent = form.get("model_b") or ""  # the value, as every list field's refusal quotes it
        raise _problem("not a file uploaded to this server", "upload model B's file here", sent)
    if web.moved_out(row):  # a link out of the data folder since it was picked: never read
        raise _problem(NOT_LISTED[0], NOT_LISTED[1])
    if row["id"] == data["id"]:
        raise _problem(
            "model B's file is model A's file",
            "choose model B's column as 'Second model to compare' instead",
        )
    if raw_index == "" and not typed and sum(c["distinct"] <= 2 for c in cols) <= MODEL_B_ALL:
        raise _problem(  # a file listed whole: no '… and K more' entry, so no typed field
            f"no column of {row['name']} chosen for model B",
            f"choose one of its columns in '{_roles.FIELD_LABELS['model_b']}'",
        )
    if raw_index == "" or typed:
        index = _typed_index(typed, raw_index, [c["name"] for c in cols], row["name"])
    else:
        index = _roles.column_index(raw_index, len(cols))
    if index is None:
        raise _problem(
            "not a column of model B's file", "choose one from the list", form["model_b"]
        )
    _check_values(cols[index], row)
    return row, cols[index]["name"], index


def _check_values(column: dict, row: dict) -> None:
    """Refuse model B's ``column`` of its file ``row`` where the profile saw more than two
    values in it (typed, or a crafted list index), or empty cells, by model B's field."""
    name, file = column["name"], row["name"]
    more = "" if json.loads(row["profile"]).get("whole_file") else "+"
    if column.get("known") is not False and (count := _distinct(column)) > 2:
        raise _problem(
            f"model B's column {name!r} of {file} is not a prediction of two values: it "
            f"holds {count:,}{more} distinct values",
            f"choose model B's 0/1 prediction column of {file} (scores: threshold them into a "
            "0/1 column in the file and upload it again)",
        )
    if column.get("missing"):
        raise _problem(
            f"model B's column {name!r} of {file} has {column['missing']:,}{more} missing "
            "values: model B needs a prediction on every row",
            f"fill in model B's predictions on every row of {file} (or drop those rows from "
            "both files) and upload it again",
        )


def _distinct(column: dict) -> int:
    """How many values the profile saw in ``column`` as a label is read: numbers as numbers
    (``1`` and ``1.0`` one value), true/false in any case as booleans."""
    import pandas as pd

    if column["distinct"] > _roles.MAX_DISTINCT:  # not all kept: as many as written
        return column["distinct"]
    return len(pd.unique(_roles.seen_series(column)))


def _typed_index(typed: str, raw_index: str, names: list[str], file: str) -> int:
    """The index of model B's column typed for its file's '… and K more' choice (any column
    of the file, as a wide file's own roles are typed)."""
    if raw_index:
        raise _problem(
            "model B's column both chosen from the list and typed",
            f"choose '… and K more' of its file to type it, or leave '{TYPED_FIELD}' empty",
        )
    if not typed:
        raise _problem(
            f"no column of {file} typed for model B", f"type model B's column in '{TYPED_FIELD}'"
        )
    try:
        name = _roles.read_back(typed, names)
    except EthicLensInputError as exc:  # two columns of model B's file shown alike
        problem = exc.problem.replace("this file", f"model B's file {file}")
        raise _problem(problem, in_cli_words(exc).fix, typed) from None
    if name not in names:
        fix = f"{did_you_mean(typed, names)}type a column of {file}"
        raise _problem(f"not a column of model B's file {file}", fix, typed)
    return names.index(name)


def _problem(text: str, fix: str, value=None) -> EthicLensInputError:
    return EthicLensInputError(text, column="model_b", value=value, fix=fix or None)


def joined_spec(web, data: dict, form: dict, spec: dict) -> dict:
    """The request comparing model A (``spec``'s prediction) with model B's file: checks the
    rows line up, writes the joined table, and returns the request that names it."""
    row_b, col_b, index_b = _model_b(web, data, form)
    roles = spec["roles"]
    # a stored list's ``COL=REFERENCE`` read as the library reads it (``age>=65`` is a column)
    columns = [c["name"] for c in web.profile_of(data)["columns"]]
    protected = _roles.protected_entries(roles.get("protected", []), columns)[0]
    checked = [roles["y_true"], *protected, *filter(None, [roles.get("weight")])]
    pred_a = roles["y_pred"][0]
    a = _read(data, checked, pred_a, "model A's file")
    b = _read(row_b, checked, col_b, "model B's file")
    _same_rows(a, b, checked, row_b["name"])
    kept = [c for c in a.columns if c in checked or c == pred_a]
    name_b = _column_name(col_b, kept, row_b["name"])
    joined = a[kept].assign(**{name_b: b[col_b].to_numpy()})
    # under a fresh random name, in model A's format
    suffix = "parquet" if data["kind"] == "parquet" else "csv"
    path = web.config.data_dir / "uploads" / f"{new_id()}.{suffix}"
    path.parent.mkdir(exist_ok=True)  # removed while the server ran: made again
    _save_joined(joined, path)
    web.store.add_data(
        name=f"{portable_name(data, stem_only=True)}-vs-{portable_name(row_b, stem_only=True)}",
        kind="joined",
        path=str(path),
        size=path.stat().st_size,
        profile=json.dumps(
            {"columns": [], "joined": {"a": data["id"], "b": row_b["id"], "index": index_b}}
        ),
    )
    target = {"file": str(path)}
    if "engine" in spec["target"]:
        target["engine"] = spec["target"]["engine"]
    roles = without_scores(spec)["roles"]
    return {**spec, "target": target, "roles": {**roles, "y_pred": [pred_a, name_b]}}


def _save_joined(joined, path: Path) -> None:
    """The joined table made whole in memory, then written as every output is
    (``io.write_atomic``): a failure (a full disk) leaves no half-written table in uploads/
    and is refused in model B's field, without the server's paths."""
    if path.suffix == ".parquet":
        buffer = io.BytesIO()
        joined.to_parquet(buffer, index=False)
        content = buffer.getvalue()
    else:
        content = joined.to_csv(index=False)
    try:
        write_atomic(path, content)
    except EthicLensInputError as exc:
        why = exc.__cause__.strerror if isinstance(exc.__cause__, OSError) else None
        raise _problem(
            f"the server could not save the table joining the two files ({why or 'an error'})",
            "try again once the server has room (its operator frees disk space in its data folder)",
        ) from None


def without_scores(spec: dict) -> dict:
    """The spec less model A's score column: a comparison of two models has no scores."""
    return {**spec, "roles": {k: v for k, v in spec["roles"].items() if k != "y_score"}}


def _read(row: dict, checked: list[str], pred: str, which: str):
    """The ``checked`` columns and the prediction ``pred`` of a stored file; from a CSV the
    checked ones as text (compared by :func:`_differ`), the prediction typed (it may join a
    Parquet file)."""
    import pandas as pd

    path = Path(row["path"])
    columns = list(dict.fromkeys([*checked, pred]))
    try:
        if row["kind"] == "parquet":
            import pyarrow.parquet as pq

            header = pq.ParquetFile(path).schema_arrow.names
        else:
            header = list(pd.read_csv(path, nrows=0, encoding="utf-8-sig", index_col=False).columns)
        missing = [c for c in columns if c not in header]
        if missing:
            raise _problem(
                f"{which} ({row['name']}) has no column {missing[0]!r}",
                f"model B's file must hold the same label and group columns as model A's, "
                f"on the same rows ({', '.join(checked)})",
            )
        if row["kind"] == "parquet":
            from ..io import _read_parquet

            return _read_parquet(path, columns=columns)
        return pd.read_csv(
            path,
            usecols=columns,
            dtype={c: str for c in checked},
            keep_default_na=False,
            encoding="utf-8-sig",
            index_col=False,
        )[columns]
    except EthicLensInputError:
        raise
    except (ValueError, OSError) as exc:  # pandas' ParserError is a ValueError
        if not path.is_file():  # removed from the data folder since it was uploaded, a folder
            problem = f"{which} ({row['name']}) is no longer on this server"
            raise _problem(problem, "upload it again") from None
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise _problem(
            f"{which} cannot be read: {first.replace(str(path), 'the file')}", ""
        ) from None


def _same_rows(a, b, columns: list[str], name_b: str) -> None:
    """Refuse model B's file unless it has model A's rows: same count, equal columns."""
    if len(a) != len(b):
        raise _problem(
            f"model B's file ({name_b}) has {len(b):,} rows, model A's {len(a):,}: the two "
            "files must hold the same rows",
            FIX_SAME_ROWS,
        )
    for col in columns:
        differ = _differ(a[col], b[col])
        if len(differ):
            i = int(differ[0])
            raise _problem(
                f"column {col!r} differs between the two files from row {i + 1:,} on "
                f"(model A's file: {a[col].iloc[i]!r}, model B's: {b[col].iloc[i]!r}): "
                "they do not hold the same rows in the same order",
                FIX_SAME_ROWS,
            )


def _differ(x, y):
    """Positions where two columns disagree: equal as numbers where both are numbers (``0``
    and ``0.0``, a CSV's text and a Parquet file's integers), else as written; whatever
    dtype pandas gives a CSV's text (object, or ``str`` since pandas 3). The check is that
    the files hold the same rows: the joined table keeps model A's values."""
    import pandas as pd

    nx, ny = pd.to_numeric(x, errors="coerce"), pd.to_numeric(y, errors="coerce")
    same = (nx.to_numpy() == ny.to_numpy()) | (x.astype(str).to_numpy() == y.astype(str).to_numpy())
    return (~same).nonzero()[0]


def _column_name(col_b: str, kept: list[str], file_b: str) -> str:
    """Model B's column in the joined table: its own name, else its file's, else ``_b``."""
    for name in (col_b, portable_name({"name": file_b, "kind": "csv"}, stem_only=True)):
        if name and name not in kept:
            return name
    name = f"{col_b}_b"
    while name in kept:
        name += "_b"
    return name
