"""``load_target``: any target of a spec (benchmark, file/folder/glob, counts table, database)
as rows or as a counts table, with its provenance and fingerprint. Every face loads through it."""

from __future__ import annotations

import hashlib
import os
import shlex
from dataclasses import dataclass, field, replace
from pathlib import Path

from .._checks import (
    argument_kinds,
    check_member,
    check_name_argument,
    check_seed,
    choice_words,
    did_you_mean,
    in_value_order,
    instance_kind,
    names_words,
)
from .._keywords import refusing_unknown_keywords
from .._secrets import mask_secrets
from .._text import as_seen, distinct_numbers, is_utf8, one_line
from ..errors import (
    DataFileError,
    EmptyInputError,
    EthicLensInputError,
    FaceFix,
    reprs_plainly,
)
from ..io import _as_written_fix, _one_pass, _path_exists, sha256_file
from ._names import columns_named
from ._parse import parse_protected, refuse_blank_columns, resolved_edits
from ._spec import _PURPOSE, AuditSpec, _key_error, _refused, named_as_called, refuse_not_spec

COMPAS_DECILE_USE = (
    "COMPAS is a commercial risk-assessment tool (Northpointe, now Equivant) used in US "
    "pretrial and sentencing decisions. Its decile score is audited here on ProPublica's "
    "Broward County data, as in ProPublica's 2016 analysis; EthicLens makes no claim about its "
    "fitness for any use."
)
BENCHMARK_MODELS = ("model", "decile")  # a benchmark's prediction "columns" (decile: compas)
# What a comparison's two prediction columns are, in a refusal: 'pred_b (y_pred, model B)'
MODEL_ROLES = ("y_pred, model A", "y_pred, model B")


@reprs_plainly
@dataclass
class Loaded:
    """A loaded target: rows (``sensitive`` and ``preds``) or a counts ``table``."""

    engine: str
    provenance: dict
    fingerprint: dict
    reference: dict = field(default_factory=dict)
    reference_source: dict | None = None
    favorable: bool = True
    sensitive: object = None  # DataFrame of the protected columns (rows)
    preds: dict = field(default_factory=dict)  # name -> predictions (rows)
    y_true: object = None
    y_score: object = None
    weight: object = None
    table: object = None  # counts table
    protected: list = field(default_factory=list)

    @property
    def is_counts(self) -> bool:
        return self.table is not None


def database_url(spec: AuditSpec) -> str | None:
    """The spec's database URL: ``db``, or the environment variable ``db_env`` names."""
    from ..sources import checked_db_url, env_db_url

    refuse_not_spec(spec)
    t = spec.target
    if t.db_env:
        return env_db_url(t.db_env, "target.db_env")
    return checked_db_url(t.db, "--db")


@refusing_unknown_keywords
def load_target(spec: AuditSpec, purpose: str = "audit") -> Loaded:
    """Load ``spec``'s target for an ``audit``, a ``compare`` (two predictions) or
    ``thresholds`` (scores): a benchmark's test split, a file read in memory, or counts made
    where the data lives (DuckDB, Dask, Spark, a database, a counts table). A refusal names
    the spec's key (``target.db``), not the command line's flag."""
    refuse_not_spec(spec)
    with named_as_called((), {}, None, spec_given=True):
        return loaded_target(spec, purpose)


@_one_pass
def loaded_target(spec: AuditSpec, purpose: str = "audit") -> Loaded:
    """:func:`load_target` for the faces that name options as flags (the CLI, the web)."""
    refuse_not_spec(spec)
    # a purpose that is none of the runs (a frame: "truth value ... ambiguous"; a typo read as
    # a comparison's) refused naming the argument, before the target is read
    check_member(purpose, _PURPOSES, column="purpose", kind="argument", problem="unknown run")
    # a refusal of the file or benchmark names its key (target.file), which each face names
    # as its user gave it (TARGET on the command line, the argument in Python)
    try:
        return _load_target(spec, purpose)
    except EthicLensInputError as exc:
        kind = spec.target.kind
        if exc.column == "TARGET" and kind in ("file", "dataset") and exc.kind != "column":
            raise exc.renamed({"TARGET": f"target.{kind}"}) from None
        raise


def _refuse_counts_as_rows(path: str, purpose: str) -> None:
    """Refuse a counts table (``ethiclens counts`` wrote it: its metadata beside a CSV, or
    inside the Parquet file) given as a file of rows, or among a folder's or a glob's files:
    each of its rows is a cell of many rows, which a run on rows would count as one person."""
    from ..sources import resolve_files

    try:
        files = resolve_files(path)[0]
    except (EthicLensInputError, OSError, RuntimeError):  # the reader refuses it in its words
        return
    table = next((f for f in files if _is_counts_table(f)), None)
    if table is None:
        return
    problem = "is a counts table" if table == path else f"holds a counts table ({table})"
    problem += " (ethiclens counts wrote it): each row is a cell of many rows, which a run on "
    problem += "rows would count as one"
    fix = f"audit it as one: --counts {table} on the command line, target.counts in a config "
    fix += f"file, ethiclens.audit_counts({table!r}) in Python"
    if purpose in _PURPOSE_WORDS:  # only an audit reads counts
        fix = f"run the {_PURPOSE_WORDS[purpose]} on the file or database the counts came from"
    raise _refused(problem, "target.file", fix if table == path else f"move it out, or {fix}", path)


def _is_counts_table(file: str) -> bool:
    """Whether ``file`` has a counts table's metadata (beside it, or inside its Parquet)."""
    from ..sources import metadata_path

    if Path(metadata_path(file)).is_file():
        return True
    if not file.lower().endswith((".parquet", ".pq")):
        return False
    import pyarrow.parquet as pq

    try:
        return b"ethiclens" in (pq.read_schema(file).metadata or {})
    except (ValueError, OSError):  # not Parquet: the reader refuses it in its own words
        return False


def refuse_missing_input(path: str, key: str, globs: bool = False) -> None:
    """Refuse, naming ``key``, an input path that is not there: a file, a folder, or (with
    ``globs``) a glob that matches no file; a relative one is said to be read from the current
    folder."""
    import glob

    if _path_exists(path, key):
        return
    from ..errors import DataFileError

    if str(path) == "-":  # standard input, as other tools take it: read once, of no size known
        problem = "file - does not exist (standard input is not read)"
        fix = "save the data to a file first (... > d.csv) and give its path"
        raise DataFileError(problem, column=key, fix=fix)
    # a config file's relative path too: read from where the command runs, not beside the file
    where = "" if Path(path).is_absolute() else " (a relative path is read from the current "
    where += "" if not where else "folder, also when a config file gives it)"
    if globs and any(ch in str(path) for ch in "*?["):
        if glob.glob(str(path), recursive=True):
            return
        fix = _as_written_fix(
            path, f"check the path or the glob{where}", key == "target.file" and key
        )
        raise _refused("matches no file", key, fix, str(path))
    fix = _as_written_fix(path, f"check the path{where}", key == "target.file" and key)
    what = "folder" if str(path).endswith(("/", os.sep)) else "file"  # 'exports/' says folder
    raise DataFileError(f"{what} {one_line(path)} does not exist", column=key, fix=fix)  # 1 line


def _load_target(spec: AuditSpec, purpose: str) -> Loaded:
    t = spec.target
    kind = t.kind
    if kind is None:
        fix = "name a dataset or a file, or --db" + ("/--counts" if purpose == "audit" else "")
        raise _refused("nothing to audit", "TARGET", fix)
    if kind == "dataset":
        return _benchmark(spec, purpose)
    if kind == "counts":
        if purpose != "audit":
            problem = f"a counts table has no rows for a {_PURPOSE_WORDS[purpose]}: only an audit "
            fix = f"run the {_PURPOSE_WORDS[purpose]} on the file or database the counts came from"
            raise _refused(problem + "reads one", "--counts", fix)
        return _counts_file(spec)
    if (
        kind == "file"
        and Path(t.file).suffix == ""
        and t.file != "-"
        and not _path_exists(t.file, "target.file")
    ):
        # no file, no glob, no folder part ('exports/', 'data/preds': paths): a misspelt benchmark?
        if not any(ch in t.file for ch in "*?[/" + os.sep):
            raise _unknown_target(t.file, "target.file", " or a .csv/.parquet path")
    if kind == "file":
        refuse_missing_input(t.file, "target.file", globs=True)
        _refuse_counts_as_rows(t.file, purpose)
    engine = engine_for(spec)
    if t.engine == "auto" and engine == "duckdb" and _needs_rows(spec, purpose):
        engine = "pandas"
    if engine == "pandas":
        from ..sources import check_scheduler

        check_scheduler(engine, t.scheduler)  # the rows read in memory: no scheduler used
        return _file_rows(spec, purpose)
    return _counted(spec, engine, purpose)


def count_target(spec: AuditSpec, n_bins: int | None = None) -> tuple:
    """(counts table, where it came from) of the spec's file, folder, glob or database, counted
    where the data is (``ethiclens counts``): roles as given, protected columns as named, the
    numeric ones binned by ``groups.bins`` as an audit bins them (the edges recorded in the
    table's metadata, ``ethiclens_bins``: its audit reports them in ``run.input.bins`` and, as an
    audit of the rows binned by them does, ``run.spec.groups.bins``).

    ``n_bins``: the score bins (with ``roles.y_score``), a whole number from 2 to 1000 (None:
    10), refused as ``ethiclens counts --n-bins`` is (``fairness.check_score_bins``), given
    without a score too: it would change nothing."""
    if _PURPOSE.get() == "counts":  # the command's run: its flags (SpecRequest names them)
        return _counted_table(spec, n_bins)
    with named_as_called((), {}, spec_given=True):  # a Python caller's spec: its keys
        return _counted_table(spec, n_bins)


@columns_named
@_one_pass
def _counted_table(spec: AuditSpec, n_bins: int | None) -> tuple:
    from ..sources import Roles

    _refuse_uncounted(spec)
    t, r = spec.target, spec.roles
    if t.kind not in ("file", "db"):
        problem = "nothing to count" if t.kind is None else f"cannot count a {t.kind} target"
        fix = "name a file, a glob or a folder, or --db URL / --db-env NAME"
        raise _refused(problem, "TARGET", fix)
    if t.kind == "file":  # counted already: its audit reads it
        _refuse_counts_as_rows(t.file, "counts")
    engine = engine_for(spec)
    url, read = _source(spec, engine)
    from ..fairness import bin_counts, check_bins, check_group_edits, check_score_bins
    from ..sources import BINS_ATTR

    # a JSON file has no header to read first: the pandas reader names a missing column
    rule = engine != "pandas" or _by_the_rule(t.file)
    known = _source_columns(engine, t.file, url, read) if rule else None
    cols, refs = _audit_columns(spec, known, "a counts table")
    spec = edits_resolved(spec, known)  # --protected ' g', --bins ' g=...': the column g
    if refs:  # never dropped silently: the audit of the table would take another group
        col, ref = next(iter(refs.items()))
        fix = f"count with --protected {col} and give the reference to its audit: "
        fix += f"ethiclens audit --counts FILE --protected {shlex.quote(f'{col}={ref}')}"
        raise _refused(
            "a counts table holds no reference group", "--protected", fix, f"{col}={ref}"
        )
    scored = bool(r.y_score) or _PURPOSE.get() == "counts"  # the command checked --n-bins
    n_bins = check_score_bins(n_bins, scored)  # the CLI's rule: never int(nan) or int(True)
    roles = Roles(r.y_pred[0], cols, r.y_true, r.y_score, r.weight, n_bins)
    roles = replace(roles, binary_labels=True)  # no --pos-label: a stray label refused now
    table, where = _count(engine, t, roles, url, read)
    if spec.groups.bins:  # cells add up: binning the counts is counting the binned rows
        edges = check_bins(spec.groups.bins, cols)
        table = bin_counts(table, edges)
        table.attrs[BINS_ATTR] = edges  # its audit reports the groups as binned
    check_group_edits(table[cols], merge_fix=False)  # the audit's checks (no edits here)
    return table, where


# What a counts table is made of (a dataset or counts target: count_target says why it is not
# counted); any other key a spec sets is refused by name, never ignored, on every face.
COUNTED = {
    "target": {"file", "db", "db_env", "table", "query", "engine", "scheduler"},
    "roles": {"y_true", "y_pred", "y_score", "protected", "weight"},
    "groups": {"bins"},
}
COUNTED["target"] |= {"dataset", "counts"}  # count_target says why not


def _refuse_uncounted(spec: AuditSpec) -> None:
    """Refuse, by its key, what ``spec`` sets that a counts table is not made of (a policy,
    outputs, a gate, a model card, thresholds, a group edit: the audit of the table takes
    them) and a comparison's two predictions (one table counts one model's)."""
    given = {s: d for s, d in spec.to_dict(minimal=True).items() if isinstance(d, dict)}
    for key, value in ((f"{s}.{k}", v) for s, d in given.items() for k, v in d.items()):
        if key == "roles.y_pred" and len(value) > 1:
            problem = "gives two models' predictions; a counts table counts one"
            raise _key_error(problem, key, "keep one y_pred", value)
        if key.partition(".")[2] not in COUNTED.get(key.partition(".")[0], ()):
            problem = "is not used by a counts table: it belongs to the audit made from it"
            fix = "drop it, and give it to the audit of the table written"
            raise _key_error(problem, key, fix, value)


def _audit_columns(spec: AuditSpec, known, what: str = "an audit") -> tuple[list, dict]:
    """The protected columns of an audit of counts and their references (``known``: the
    source's columns), checked as every audit checks them; ``what`` needs the roles missing
    (``a counts table``: the words of ``ethiclens counts``)."""
    r = spec.roles
    cols, refs = parse_protected(r.protected, known)
    refuse_blank_columns(cols)  # ' ', U+200B: a column so named
    missing = [flag for flag, given in (("--y-pred", r.y_pred), ("--protected", cols)) if not given]
    if missing:  # named as missing, never one that is given
        needs = {"--y-pred": "--y-pred", "--protected": "at least one --protected"}
        view = "; a score without predictions is a threshold view's (ethiclens thresholds)"
        problem = f"{what} needs {' and '.join(needs[m] for m in missing)}"
        audit = what == "an audit"  # a counts table holds no reference group
        problem += view if r.y_score and not r.y_pred and audit else ""
        fix = "e.g. --y-true label --y-pred pred --protected sex" + ("=Male" if audit else "")
        raise _refused(problem, "/".join(missing), fix)
    check_spec_roles(spec, cols)
    return cols, refs


def check_spec_roles(spec: AuditSpec, cols: list) -> None:
    """No column in two roles, for every prediction named (a comparison's two, an audit's
    first and any more), the score and the weight: one check whatever the command."""
    from ..io import check_roles

    r = spec.roles
    for pred in r.y_pred or [None]:
        roles = {"y_true": r.y_true, "y_pred": pred, "y_score": r.y_score, "weight": r.weight}
        check_roles(roles, cols)


def _needs_rows(spec: AuditSpec, purpose: str) -> bool:
    """Whether the rows are read in memory where ``auto`` would count them: one file compared
    or thresholded (as those always read it), and weighted ``bca``/``percentile`` intervals,
    which resample rows a counts table does not keep."""
    if purpose != "audit":
        return Path(spec.target.file).is_file()
    return bool(spec.roles.weight) and spec.policy.ci != "jeffreys"


def _refuse_resampling_counts(spec: AuditSpec, engine: str) -> None:
    """Weighted ``bca``/``percentile`` intervals resample rows: refused before ``engine``
    counts them away, naming the reader that keeps them."""
    ci = spec.policy.ci
    if spec.roles.weight and ci != "jeffreys":
        problem = f"weighted {ci} intervals resample rows, which {engine} counts do not keep"
        # examples, which each face writes in its words (engine="pandas", target: {engine: ..})
        fix = "read the rows with pandas, e.g. --engine pandas (a database table: export it to "
        fix += "Parquet or CSV first), or use the default jeffreys intervals, e.g. --ci jeffreys"
        raise _refused(problem, "--ci", fix, ci)


def engine_for(spec: AuditSpec) -> str:
    """Who counts: ``sql`` for a database, else the spec's engine (``auto`` decides). An engine
    named beside a database is refused (every one reads files; the database counts itself)."""
    refuse_not_spec(spec)
    t = spec.target
    if t.kind == "db":
        refuse_engine_beside_db(t.engine, _url_flag(t))
        return "sql"
    if t.engine != "auto":
        return t.engine
    if not is_utf8(t.file):  # a name not UTF-8 (bytes under a C locale): DuckDB cannot open it
        return "pandas"
    if Path(t.file).is_dir() or any(ch in t.file for ch in "*?["):
        return "duckdb" if _utf8_files(t.file) and not _lone_cr(t.file) else "pandas"
    path = Path(t.file)
    if path.suffix.lower() in (".parquet", ".pq", ".csv") and path.is_file():
        try:
            import duckdb  # noqa: F401
        except ImportError:
            return "pandas"  # the core install: read in memory
        return "pandas" if _lone_cr(t.file) else "duckdb"
    return "pandas"


def _lone_cr(target: str) -> bool:
    """A CSV file ending lines in a lone \\r beside \\r\\n: DuckDB refuses it (it cannot split
    its rows as pandas does); auto reads it with pandas, as pandas reads it."""
    from ..sources import lone_cr_refused

    return lone_cr_refused(target)


def _utf8_files(target: str) -> bool:
    """Whether every file of a folder or glob has a UTF-8 name DuckDB can open (one that does
    not is read in memory, as a lone file so named is); a target that lists no files is left
    to the engine's own refusal."""
    from ..sources import resolve_files

    try:
        return all(map(is_utf8, resolve_files(target)[0]))
    except EthicLensInputError:
        return True


@argument_kinds(
    engine=instance_kind(str, "an engine's name (text)", "e.g. 'auto' or 'duckdb'"),
    flag=instance_kind(str, "how the database was given (text)", "e.g. '--db'"),
)
def refuse_engine_beside_db(engine: str, flag: str = "--db") -> None:
    """An engine named beside a database (``flag``: how the database was given) is refused on
    every face: the engines read files; the database counts itself."""
    if engine != "auto":
        problem = f"--engine {engine} reads files; with {flag} the database counts"
        fix = f"drop --engine {engine}, or drop {flag} and name a file"
        raise _refused(problem, "--engine", fix, engine)


# -- fingerprints -----------------------------------------------------------------------------
def _files_fingerprint(target: str, rows: int) -> dict:
    from ..sources import resolve_files

    files = resolve_files(target)[0] if not Path(target).is_file() else [target]
    return {"kind": "files", "files": {str(f): sha256_file(f) for f in files}, "rows": rows}


def _db_fingerprint(url: str, spec: AuditSpec, rows: int) -> dict:
    """The database's fingerprint: SHA-256 of its URL without password and the table or query
    (the same database by --db or --db-env is the same input), the database named as given.
    A SQLite file is data in a file: its bytes' SHA-256 (and its -wal's) stand for the URL,
    so the same file by another path is the same input and a changed table is other input;
    its path is not written (under --db-env it is part of the value never written)."""
    from ..sources import mask_url, sqlite_files

    what = {"table": spec.target.table} if spec.target.table else {"query": spec.target.query}
    digests = [sha256_file(f) for f in sqlite_files(url)]
    database = "\n".join(digests) if digests else mask_url(url)
    text = database + "\n" + next(iter(what.values()))
    return {
        "kind": "database",
        "database": _database_named(spec.target, url),
        **what,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "rows": rows,
    }


def _shas(value, out: dict, where: str = "") -> dict:
    if isinstance(value, dict):
        if "sha256" in value and isinstance(value["sha256"], str):
            out[str(value.get("file") or where or "data")] = value["sha256"]
        for k, v in value.items():
            _shas(v, out, str(k))
    elif isinstance(value, list):
        for v in value:
            _shas(v, out, where)
    return out


# -- benchmarks -------------------------------------------------------------------------------
def _apply_user(model: dict, spec: AuditSpec, card: dict) -> dict:
    details = card.get("model_details", {})
    named = {"name": spec.model.name or details.get("name")}
    named["version"] = spec.model.version or details.get("version")
    return {**{k: v for k, v in named.items() if v}, **model}


def _user_use(spec: AuditSpec, card: dict):
    return spec.model.intended_use or card.get("intended_use", {}).get("primary_uses")


def card_of(spec: AuditSpec) -> dict:
    from ..report import load_card_info

    card = load_card_info(spec.model.card_info, "--card-info") if spec.model.card_info else {}
    _refuse_contradictions(spec, card)
    return card


def _refuse_contradictions(spec: AuditSpec, card: dict) -> None:
    """A flag that says something else than the model card is refused, naming both: the
    report would otherwise silently print one of them."""
    pairs = (
        ("--model-name", spec.model.name, "model_details.name"),
        ("--model-version", spec.model.version, "model_details.version"),
        ("--intended-use", spec.model.intended_use, "intended_use.primary_uses"),
    )
    for flag, given, where in pairs:
        section, key = where.split(".")
        stated = (card.get(section) or {}).get(key)
        # a list joined as the report prints it
        stated = "; ".join(stated) if isinstance(stated, list) else stated
        if given and stated and str(given).strip() != str(stated).strip():
            problem = f"says {given!r} but the model card's {where} says {stated!r}"
            fix = f"drop {flag} or change {where} in the --card-info file, so they agree"
            raise _refused(problem, flag, fix)


def _edits(spec: AuditSpec):
    return spec.groups.merge, spec.groups.exclude


def edits_resolved(spec: AuditSpec, known) -> AuditSpec:
    """``spec`` with its group edits under the columns its ``--protected`` values name among
    ``known`` (the source's columns): an ATTR kept whole as a value typed it (``' g'``) read as
    that value's column (``g``, where the data has no ``' g'``; ``spec.resolved_edits``)."""
    g = spec.groups
    given = {"exclude": g.exclude, "merge": g.merge, "bins": g.bins}
    groups = resolved_edits(given, spec.roles.protected, known)
    return spec if groups is given else spec.replace(groups=groups)


@argument_kinds(
    attr=lambda value, name: check_name_argument(value, name, "e.g. attr='race'"),
    merges=instance_kind(
        dict, "a dict (groups.merge)", "e.g. {'race': {'other': ['a']}}", optional=True
    ),
    excludes=instance_kind(dict, "a dict (groups.exclude)", "e.g. {'race': ['a']}", optional=True),
    given=instance_kind(bool, "True or False", "given=True: the user named the reference"),
)
def edited_reference(attr, ref, merges, excludes, given: bool = True):
    """A reference that was merged becomes the merged group; an excluded default one, None.

    ``merges``/``excludes``: the spec's ``groups.merge``/``groups.exclude``. Excluding a
    reference the user gave is an error (which would they want instead?).
    """
    if ref in (excludes or {}).get(attr, []):
        if given:
            problem = f"the reference group {ref!r} of {attr} is excluded"
            fix = f"keep it, or choose another reference with --protected {attr}=GROUP"
            raise _refused(problem, "--exclude-group", fix)
        return None
    for new, olds in (merges or {}).get(attr, {}).items():
        if ref in olds:
            return new
    return ref


def _benchmark(spec: AuditSpec, purpose: str) -> Loaded:
    name = spec.target.dataset
    if spec.policy.seed is not None:  # checked when made, again for a spec changed since
        check_seed(spec.policy.seed, "--seed")  # before training
    ds, options = _benchmark_dataset(spec)
    cols, reference, source = _benchmark_groups(spec, ds)
    models = _benchmark_models(spec, name, purpose)
    favorable = ds.positive_is_favorable
    if spec.roles.positive is not None:
        favorable = spec.roles.positive != "harmful"
    fingerprint = {"kind": "dataset", "dataset": name, **({"options": options} if options else {})}
    fingerprint["files"] = _shas(ds.provenance, {})
    loaded = Loaded(
        engine="benchmark",
        provenance={},
        fingerprint=fingerprint,
        reference=reference,
        reference_source=source,
        favorable=favorable,
    )
    if models == ("decile",) and purpose == "audit":
        return _decile_audit(spec, ds, cols, loaded)
    from ..models import train_standard_model

    run = train_standard_model(ds, seed=0 if spec.policy.seed is None else spec.policy.seed)
    loaded.y_true = run.y_test.reset_index(drop=True)
    loaded.sensitive = run.protected_test[cols]
    loaded.fingerprint["rows"] = len(run.y_test)
    loaded.fingerprint["split"] = f"test split, seed {spec.policy.seed}"
    if purpose == "audit":
        return _model_audit(spec, ds, run, loaded)
    if purpose == "thresholds":
        return _model_scores(spec, ds, run, models, loaded)
    return _model_predictions(spec, ds, run, models, loaded)


def _unknown_target(value, key: str, or_path: str = "") -> EthicLensInputError:
    """An unknown benchmark name, near misses named: each face calls ``key`` by its own name
    (TARGET, a config key, the Python argument)."""
    from .. import datasets

    known = sorted(datasets.DATASETS)
    problem = "unknown dataset or file" if or_path else "unknown dataset"
    fix = f"{did_you_mean(value, known)}use one of {choice_words(known)}{or_path}"  # no list
    return _refused(problem, key, fix, value)


def _benchmark_dataset(spec: AuditSpec):
    """The benchmark (with ACS's options), refused when it has no standard audit model."""
    from .. import datasets as ds_mod

    t, name = spec.target, spec.target.dataset
    if name not in ds_mod.DATASETS:
        raise _unknown_target(name, "target.dataset")
    if name not in ds_mod.names("audit"):  # the registry's word, before its data is read
        raise _no_audit_model(ds_mod.get_entry(name))
    options = {}
    if name == "acs-income":
        options = {"states": list(t.states), "year": t.year, "download": t.download}
    try:
        ds = ds_mod.load(name, **options)
    except EthicLensInputError as exc:
        if exc.column not in options:
            raise
        # the loader's keyword (year, states) is the spec's key, as each face names it
        raise exc.renamed({exc.column: f"target.{exc.column}"}, "key") from None
    if ds.text:
        raise _no_audit_model(ds_mod.get_entry(name), "a text dataset")
    return ds, options


def _no_audit_model(entry, what: str = "") -> EthicLensInputError:
    """The refusal of a dataset without a standard audit model in its entry's words (``what``
    it is, else ``entry.not_audited``), naming pcer train only where it takes the dataset."""
    what = what or entry.not_audited
    pcer = f"use: ethiclens pcer train {entry.name}, or " if entry.uses("pcer") else ""
    problem = f"{entry.name} {f'is {what} without a' if what else 'has no'} standard audit model"
    return _refused(problem, "TARGET", f"{pcer}audit your own predictions from a CSV")


def _benchmark_groups(spec: AuditSpec, ds):
    """The audited attributes, their references and where each reference came from; group
    edits checked before the benchmark model is trained."""
    from ..fairness import check_group_edits

    name = spec.target.dataset
    cols, refs = parse_protected(spec.roles.protected, ds.protected.columns)
    spec = edits_resolved(spec, ds.protected.columns)
    known = list(ds.protected.columns)
    for col in cols:
        check_member(col, known, column=col, problem=f"is not a protected attribute of {name}")
    cols = cols or list(ds.protected.columns)
    try:
        check_group_edits(ds.protected[cols], spec.groups.exclude, spec.groups.merge)
    except EthicLensInputError as exc:
        raise _grouped(exc) from None
    reference, source = {}, {}
    for c in cols:
        given = c in refs
        ref = edited_reference(c, refs.get(c, ds.reference[c]), *_edits(spec), given)
        if ref is not None:  # a default reference that is excluded: the largest group instead
            reference[c] = ref
            source[c] = "given" if given else "dataset default"
    return cols, reference, source


def _decile_audit(spec: AuditSpec, ds, cols, loaded: Loaded) -> Loaded:
    """COMPAS's own decile score audited (no model trained)."""
    from ..report import benchmark_provenance

    card = card_of(spec)
    model = {
        "model": "COMPAS decile score (Northpointe)",
        "audited": "score_text Medium or High = predicted positive",
        "n_test": len(ds),
    }
    use = _user_use(spec, card) or COMPAS_DECILE_USE
    prov = benchmark_provenance(
        ds, _apply_user(model, spec, card), standard_model=False, intended_use=use
    )
    loaded.provenance = {**prov, "card": card}
    loaded.y_true, loaded.sensitive = ds.label, ds.protected[cols]
    loaded.preds = {"decile": ds.extra["score_text"].isin(["Medium", "High"]).astype(int)}
    loaded.fingerprint["rows"] = len(ds)
    return loaded


def _model_audit(spec: AuditSpec, ds, run, loaded: Loaded) -> Loaded:
    """The benchmark's standard model audited on its test split."""
    from ..report import benchmark_provenance

    card = card_of(spec)
    model = _apply_user(
        {"trained_by": "EthicLens (the benchmark's standard model)", **run.description}, spec, card
    )
    prov = benchmark_provenance(ds, model, standard_model=True, intended_use=_user_use(spec, card))
    loaded.provenance = {**prov, "card": card}
    loaded.preds, loaded.y_score = {"model": run.y_pred}, run.y_score
    return loaded


def _model_scores(spec: AuditSpec, ds, run, models, loaded: Loaded) -> Loaded:
    """The threshold view's scores: the standard model's, or COMPAS's decile / 10."""
    scores = {"model": run.y_score}
    if "decile_score" in getattr(ds.extra, "columns", ()):
        scores["decile"] = ds.extra["decile_score"].loc[run.y_test.index].to_numpy() / 10
    loaded.y_score = scores[models[0]]
    loaded.y_true = run.y_test.to_numpy()
    loaded.provenance = {"dataset": f"{spec.target.dataset} test split (seed {spec.policy.seed})"}
    return loaded


def _model_predictions(spec: AuditSpec, ds, run, models, loaded: Loaded) -> Loaded:
    """compare's two predictions on the test split: the standard model and COMPAS's decile."""
    preds = {"model": run.y_pred}
    if ds.extra is not None and "score_text" in ds.extra:
        decile = ds.extra["score_text"].loc[run.y_test.index].isin(["Medium", "High"])
        preds["decile"] = decile.astype(int).to_numpy()
    loaded.y_true = run.y_test.to_numpy()
    loaded.preds = {m: preds[m] for m in models}
    split = f"test split (seed {spec.policy.seed}, {len(run.y_test)} rows)"
    loaded.provenance = {
        "dataset": f"{spec.target.dataset} {split}",
        "models": {
            "model": "EthicLens standard model: " + str(run.description.get("model", "")),
            "decile": "COMPAS decile score, Medium or High = predicted positive",
        },
    }
    if spec.target.dataset != "compas":
        loaded.provenance["models"].pop("decile")
    return loaded


def _benchmark_models(spec: AuditSpec, name: str, purpose: str) -> tuple:
    """Which of a benchmark's predictions (model, decile) the run needs."""
    chosen = tuple(spec.roles.y_pred)
    if purpose == "audit":  # decile for another benchmark is refused first (check_used)
        return (spec.target.score,)
    if spec.roles.weight:
        fix = "drop --weight, or compare a file that has one"
        raise _refused(f"{name} has no weight column", "--weight", fix, spec.roles.weight)
    available = BENCHMARK_MODELS if name == "compas" else ("model",)
    if purpose == "thresholds":
        return (spec.target.score,) if spec.target.score in available else ("model",)
    if len(available) < 2:
        problem = f"{name} has one model's predictions ({available[0]}); compare needs two"
        fix = "compare a file or table with two prediction columns (--y-pred twice), or "
        raise _refused(problem, "TARGET", fix + "compas (model, decile)", name)
    chosen = chosen or available
    for m in chosen:
        if m not in available:
            fix = f"use {' or '.join(available)} (the standard model); two models exist only for "
            fix += "compas (model, decile), or compare a file of predictions"
            raise _refused(f"unknown model for {name}", "--y-pred", fix, m)
    return two_models(chosen)


def two_models(y_pred) -> tuple[str, str]:
    if len(y_pred) != 2:
        problem, value = f"needs exactly two models, got {len(y_pred)}", ", ".join(y_pred) or None
        fix = "name two prediction columns, model A first: --y-pred twice on the command line, "
        fix += "roles.y_pred: [model_a, model_b] in a config file, y_pred=['model_a', 'model_b'] "
        fix += "in Python"
    elif y_pred[0] == y_pred[1]:
        problem, value = "the same model was given twice", y_pred[0]
        fix = "name two different prediction columns"
    # 'p' and 'p ', 'token=a' and 'token=b' (each face masks a password): one name shown
    elif len({as_seen(mask_secrets(str(m))) for m in y_pred}) == 1:
        problem, value = "the two models' columns print the same", ", ".join(map(repr, y_pred))
        fix = "rename one of the two prediction columns: the reports name each model by it"
    else:
        return y_pred[0], y_pred[1]
    raise _refused(problem, "roles.y_pred", fix, value)


def _grouped(exc: EthicLensInputError) -> EthicLensInputError:
    """The engine names Python keywords (merge_groups['race']); say which spec key it is."""
    column = str(exc.column) if exc.column is not None else ""
    for key, flag in (("exclude_groups", "--exclude-group"), ("merge_groups", "--merge-groups")):
        if column == key or column.startswith(key + "["):
            return _refused(exc.problem, flag, exc.fix, exc.value)
    return exc


# -- files read in memory ---------------------------------------------------------------------
# a purpose as a refusal names it ("a weighted threshold view needs ...")
_PURPOSE_WORDS = {"thresholds": "threshold view", "compare": "comparison"}
_PURPOSES = ("audit", "compare", "thresholds")  # the runs a target is loaded for


def _roles_needed(spec: AuditSpec, purpose: str, cols: list) -> list:
    r = spec.roles
    if purpose in ("thresholds", "compare"):
        if purpose == "thresholds" and not r.y_score:
            raise _refused("the threshold view needs scores", "--y-score", "e.g. --y-score score")
        models = two_models(r.y_pred) if purpose == "compare" else ()
        if not cols:
            what = "a file comparison" if models else "a file's threshold view"
            problem = f"{what} needs at least one --protected"
            raise _refused(problem, "--protected", "e.g. --protected sex=Male")
        if models:
            return [c for c in (r.y_true, *models, r.weight) if c]
        # the audit's order (label, prediction, score): the counting engines' first missing
        return [c for c in (r.y_true, *r.y_pred[:1], r.y_score) if c]
    if not r.y_pred or not cols:
        problem = "a file audit needs --y-pred and at least one --protected"
        fix = "e.g. --y-true label --y-pred pred --protected sex=Male"
        raise _refused(problem, "--y-pred/--protected", fix)
    return [c for c in (r.y_true, r.y_pred[0], r.y_score, r.weight) if c]


@dataclass
class _ReadRoles:
    """The columns the pandas reader reads (``sources.read_rows``): every role, both
    predictions of a comparison, the protected attributes, score and weight (a CSV's read as
    text, as written)."""

    columns: list
    protected: list
    y_score: str | None = None
    weight: str | None = None


def _by_the_rule(path) -> bool:
    """CSV/Parquet files (``.csv``, ``.csv.gz``, ``.parquet``, ``.pq``: what every engine
    reads), folders and globs are read by the engines' one rule (docs/engines.md); other
    formats (JSON, a CSV compressed otherwise: :func:`_file_rows`) and a missing path by
    pandas. A ``.csv.gz`` or ``.pq`` file was read by pandas' own typing on the pandas engine
    (groups ' 2' and '2' audited as one), where every other engine reads it by the rule."""
    p = Path(path)
    if p.is_dir() or any(ch in str(path) for ch in "*?[") and not p.exists():
        return True
    return p.is_file() and str(path).lower().endswith((".csv", ".csv.gz", ".parquet", ".pq"))


def _file_rows(spec: AuditSpec, purpose: str) -> Loaded:
    import pandas as pd

    from ..io import read_table, require_columns
    from ..sources import file_columns, packed_csv, read_rows, refuse_reserved

    path, r = spec.target.file, spec.roles
    if not r.y_pred and not r.protected and purpose == "audit":
        _roles_needed(spec, purpose, [])
    rule = _by_the_rule(path)
    packed = not rule and packed_csv(path)  # (.csv.bz2): its rows by the rule, as counted
    frame = None if rule else read_table(path, csv_dtype=str if packed else None)
    header = file_columns(path) if rule else list(frame.columns)
    cols, refs = parse_protected(r.protected, header)
    spec = edits_resolved(spec, header)
    refuse_blank_columns(cols)  # ' ', U+200B: a column so named
    refuse_reserved(cols)  # before "not in the file", as the counting engines; JSON too
    wanted = _roles_needed(spec, purpose, cols)
    check_spec_roles(spec, cols)  # before "not in the file", as the counting engines
    require_columns(pd.DataFrame(columns=header), wanted + cols, path)
    if rule or packed:
        # Groups as written (leading zeros kept), files matched by column name, ragged rows
        # refused with their line: what DuckDB, Dask and Spark read.
        roles = list(dict.fromkeys(c for c in (r.y_true, *r.y_pred, r.y_score, r.weight) if c))
        columns = roles + [c for c in cols if c not in roles]
        score, weight = (
            c if c not in (r.y_true, *r.y_pred) else None for c in (r.y_score, r.weight)
        )
        frame = read_rows(path, _ReadRoles(columns, cols, score, weight))
    refs = {c: edited_reference(c, ref, *_edits(spec)) for c, ref in refs.items()}
    loaded = Loaded(
        engine="pandas",
        provenance=_file_provenance(
            spec, Path(path).name, {"dataset": str(path), "engine": "pandas"}, purpose
        ),
        fingerprint=_files_fingerprint(path, len(frame)),
        reference=refs,
        favorable=r.positive != "harmful",
        sensitive=frame[cols],
        y_true=frame[r.y_true] if r.y_true else None,
        y_score=frame[r.y_score] if r.y_score else None,
        weight=frame[r.weight] if r.weight else None,
    )
    # a threshold view's y_pred: the predictions its audited threshold made, checked there
    names = r.y_pred if purpose == "compare" else r.y_pred[:1]
    loaded.preds = {m: frame[m] for m in names}
    return loaded


def _file_provenance(spec: AuditSpec, where: str, prov: dict, purpose: str) -> dict:
    r = spec.roles
    if purpose == "compare":
        models = {k: f"column {c!r} of {where}" for k, c in zip("ab", r.y_pred, strict=True)}
        return {**prov, "models": models}
    if purpose == "thresholds":
        return prov
    return _with_card(spec, prov, _columns_model(r, where))


def _columns_model(r, where: str) -> dict:
    """The model as the columns of ``where`` its predictions (and scores) were read from."""
    model = {"predictions": f"column {r.y_pred[0]!r} of {where}"}
    if r.y_score:
        model["scores"] = f"column {r.y_score!r}"
    return model


def _with_card(spec: AuditSpec, prov: dict, model: dict, more=None) -> dict:
    """``prov`` with the model (named as the user names it), the model card, ``more``, the
    label column and the intended use."""
    card = card_of(spec)
    prov = {**prov, "model": _apply_user(model, spec, card), "card": card, **(more or {})}
    if spec.roles.y_true:
        prov["label"] = spec.roles.y_true
    use = _user_use(spec, card)
    if use:
        prov["intended_use"] = use
    return prov


# -- counted where the data lives -------------------------------------------------------------
def _counts_file(spec: AuditSpec) -> Loaded:
    from ..sources import BINS_ATTR, metadata_path, read_counts

    path = spec.target.counts
    if Path(path).is_dir():  # named by its key on every face, as a missing table is
        fix = "give the path of the counts table file inside it (from ethiclens counts)"
        raise DataFileError(
            f"{one_line(str(path))} is a folder, not a file", column="--counts", fix=fix
        )
    table = read_counts(
        path, check_labels=True, pos_label=spec.roles.pos_label, attributes=_audited(spec)
    )
    _check_counts_options(spec, table)
    binned = dict(table.attrs.get(BINS_ATTR) or {})
    spec = edits_resolved(spec, table.columns)
    _check_binned_when_counted(spec, binned)
    cols, refs = parse_protected(spec.roles.protected, table.columns)
    where = dict(table.attrs.get("ethiclens_source") or {})
    where["counts_file"] = str(path)
    side = metadata_path(path)  # a CSV's attributes, bins and names lie beside it
    fingerprint = {
        "kind": "counts table",
        "files": {str(f): sha256_file(f) for f in (path, side) if Path(f).is_file()},
        "rows": int(table["count"].sum()),
    }
    if binned:  # the groups as used: binned when counted (the baseline gate reads them)
        fingerprint["bins"] = {a: counted_edges(edges) for a, edges in binned.items()}
    return _from_table(spec, table, cols, refs, where, "counts table", fingerprint)


def _audited(spec: AuditSpec) -> set | None:
    """The attributes a counts table is audited by (None: every one it declares), as named
    before the table is read: a missing group elsewhere is no reason to refuse it. A column
    whose own name holds "=" is left to the audit's own check."""
    r = spec.roles
    if not r.protected:
        return None
    names = {str(p).partition("=")[0] for p in r.protected}
    for cross in r.intersections:
        names |= set(cross.split(",") if isinstance(cross, str) else map(str, cross))
    return names


def _check_binned_when_counted(spec: AuditSpec, binned: dict) -> None:
    """``--bins`` of an attribute the counts table was binned by when counted: never binned
    twice. The table's own edges (the report's ``run.spec`` records them, so rerunning it
    works) are left as they are; other edges are refused."""
    for attr, asked in spec.groups.bins.items():
        if attr in binned and counted_edges(asked) != counted_edges(binned[attr]):
            edges = ",".join(distinct_numbers(binned[attr]))  # as typed: 1234567
            problem = f"the counts table was binned already when counted ({attr}={edges}, recorded "
            fix = f"drop --bins {attr}=... (or give the table's own edges): the audit reports the "
            raise _refused(problem + "in its metadata)", "--bins", fix + "table's bins", attr)


def counted_edges(edges) -> list[float]:
    """Bin edges as a report records them (``age: [0, 30]`` is ``[0.0, 30.0]``)."""
    return [float(e) for e in edges]


# a role's flag -> its column in a counts table (as ``ethiclens counts`` names them)
_COUNTS_ROLES = {"--y-true": "y_true", "--y-pred": "y_pred", "--y-score": "score_bin"}
_COUNTS_ROLES["--weight"] = "weight_sum"


def _check_counts_options(spec: AuditSpec, table) -> None:
    """A counts table is counted already, with its own roles: a role flag must name the column
    the table was counted from (a flag silently ignored would report what was not asked)."""
    r = spec.roles
    given = {"--y-true": r.y_true, "--y-pred": r.y_pred[0] if r.y_pred else None}
    given |= {"--y-score": r.y_score, "--weight": r.weight}
    recorded = table.attrs.get("ethiclens_columns") or {}
    for flag, name in given.items():
        role = _COUNTS_ROLES[flag]
        if name is None or name == recorded.get(role, role if role in table.columns else None):
            continue
        was = recorded.get(role)
        if not was and role in table.columns:  # the table has the role: its record is missing
            raise _unrecorded_role(spec.target.counts, flag, name, role)
        problem = f"the counts table was counted from column {was!r}"
        if not was:
            problem = f"the counts table has no {role} column (it was counted without {flag})"
        fix = f"drop {flag} (a counts table keeps the roles it was counted with), or count the "
        raise _refused(problem, flag, fix + "data again with ethiclens counts", name)


def _unrecorded_role(path, flag: str, name: str, role: str) -> EthicLensInputError:
    """A role flag naming a source column, for a counts table that has the role's column but
    no record of the column it was counted from: its metadata is missing (a CSV copied
    without ``NAME.csv.ethiclens.json``, a Parquet file written by hand) or says nothing of
    the role."""
    from ..sources import metadata_path

    own = f"name the roles by the table's own column names ({flag} {role})"
    side = Path(metadata_path(path)) if str(path).lower().endswith(".csv") else None
    problem = f"the counts table has a {role} column, but "
    if side is not None and not side.is_file():
        problem += f"its metadata file {side}, which records the column it was counted from, "
        problem += "is missing"
        fix = f"copy {side.name} beside the table (ethiclens counts writes it with the table), "
        fix += f"or {own}"
    else:
        said = f"the metadata of {path}" if side is None else f"its metadata file {side}"
        problem += f"{said} does not record the column it was counted from"
        fix = f"{own}, or count the data again with ethiclens counts"
    return _refused(problem, flag, fix, name)


def _counted(spec: AuditSpec, engine: str, purpose: str) -> Loaded:
    from ..sources import Roles, engine_of

    t, r = spec.target, spec.roles
    url, read = _source(spec, engine)
    known = _source_columns(engine, t.file, url, read)
    if purpose == "audit":
        cols, refs = _audit_columns(spec, known)
        _refuse_resampling_counts(spec, engine)
        roles = Roles(r.y_pred[0], cols, r.y_true, r.y_score, r.weight)
    else:  # rows rebuilt from counts: the second model or the score is one more key column
        cols, refs = parse_protected(r.protected, known)
        refuse_blank_columns(cols)  # ' ', U+200B: a column so named
        _roles_needed(spec, purpose, cols)
        check_spec_roles(spec, cols)
        if r.weight:
            problem = f"a weighted {_PURPOSE_WORDS.get(purpose, purpose)} needs the rows in memory"
            fix = "read the file with pandas, e.g. --engine pandas (a database table: export it "
            fix += "to Parquet or CSV and run on the file), or drop --weight"
            raise _refused(problem, "--weight", fix)
        compare = purpose == "compare"
        extra = [r.y_pred[1]] if compare else [r.y_score]
        first = r.y_pred[0] if compare else (r.y_true or r.y_score)
        # the extra key is checked as what it is (a score, model B's predictions), not a group
        key_roles = {extra[0]: MODEL_ROLES[1] if compare else "y_score"}
        if not compare and r.y_pred and r.y_pred[0] != r.y_score:  # checked as pandas does
            extra, key_roles[r.y_pred[0]] = [*extra, r.y_pred[0]], "y_pred"
        roles = Roles(first, cols + extra, r.y_true if compare else None, None, key_roles=key_roles)
        if compare or (purpose == "thresholds" and r.y_true):  # labels in the prediction's place
            roles = replace(roles, y_pred_role=MODEL_ROLES[0] if compare else "y_true")
    spec = edits_resolved(spec, known)  # the column each --protected value names
    if r.pos_label is None:  # a stray label refused with its first row, as pandas does
        roles = replace(roles, binary_labels="audit")
    else:  # a bad --pos-label refused where pandas refuses it: before scores, weights, groups
        roles = replace(roles, pos_label=r.pos_label)
    try:
        table, where = _count(engine, t, roles, url, read)
    except EthicLensInputError as exc:  # a label never holding it: in the rows' words
        if columns := getattr(exc, "columns", None):
            refuse_written_apart(r.pos_label, columns)
        raise
    if purpose == "compare" and r.pos_label is None:
        _refuse_stray_model_b(table, r.y_pred[1], t.file)
    engine = engine_of(table) or engine
    rows = int(table["count"].sum())
    if url:
        fingerprint = _db_fingerprint(url, spec, rows)
        where = {**where, "database": fingerprint["database"]}
    else:
        fingerprint = _files_fingerprint(t.file, rows)
    if purpose != "audit":
        return _rows_from_counts(spec, table, cols, refs, where, engine, fingerprint, purpose)
    return _from_table(spec, table, cols, refs, where, engine, fingerprint, _source_name(t))


@argument_kinds(columns=instance_kind(dict, "a dict of column -> values", "e.g. {'y': [0, 1]}"))
def refuse_written_apart(pos_label, columns: dict) -> None:
    """Refuse ``pos_label`` that some of ``columns`` (name -> values: labels first) hold and
    others, of values those do not write, never hold (``_run._check_pos_label_shared``)."""
    import pandas as pd

    from ..fairness import PosLabelAbsent, positive_mask, values_written_alike

    held, lacking = [], []
    for name, values in columns.items():
        try:
            positive_mask(pd.Series(values), name, pos_label)
            held.append(name)
        except PosLabelAbsent:
            lacking.append(name)
        except EthicLensInputError:  # held, and written otherwise too ('>50K.' beside '>50K'):
            continue  # the audit's own refusal of the column, as every engine gives it
        except TypeError:
            return  # unhashable values: the audit's own checks name them
    # a column of values the others also write is one that never holds the positive label
    # (a model that selects no one): the audit counts it, all negative
    holding = [columns[name] for name in held]
    lacking = [n for n in lacking if not values_written_alike(columns[n], holding)]
    if held and lacking:
        other = lacking[0]
        series = pd.Series(columns[other]).dropna()
        uniq = series.unique()  # a number column's in the audit's order: 2, 10 (not 10, 2)
        ordered = in_value_order(uniq) if series.dtype.kind in "iuf" else sorted(uniq, key=str)
        values = names_words([str(v) for v in ordered[:10]])  # words, never a Python list
        problem = f"the columns write the positive label differently: {held[0]!r} holds "
        problem += f"{pos_label!r}, {other!r} holds {values}; one pos_label names the positive "
        then = ", then give the positive value they share"
        fix = FaceFix(  # in pandas for Python, in the file for the faces that give files
            f"recode one column to the other's values (pandas: df[{other!r}].map(...)){then}",
            f"recode one column to the other's values in the file (e.g. {other!r}){then}",
        )
        raise _key_error(problem + "value of both", "roles.pos_label", fix, pos_label)


def _refuse_stray_model_b(table, name: str, target) -> None:
    """compare's model B, counted as a key column (its values as stored, a CSV's text), with
    a stray value among its 0/1 predictions (a 1.5) is refused as model A's is: the values as
    pandas types them, how many rows hold them, the first such row by its line, the column
    named as model B (``sources.refuse_stray_labels``, the words of every engine)."""
    import pandas as pd

    from ..sources import Roles, refuse_stray_counted, refuse_stray_labels

    counts = table.groupby(name, dropna=False, sort=False, observed=True)["count"].sum()
    if not target:  # a database's table: its values and their rows, no line (as model A's)
        refuse_stray_counted(counts.index, counts.to_numpy(), f"{name} ({MODEL_ROLES[1]})")
        return
    keys = pd.Series(counts.index, dtype=object)
    try:  # a CSV's '0', '1', '1.5' are numbers to pandas: 0.0, 1.0, 1.5
        keys = pd.to_numeric(keys)
    except (TypeError, ValueError):
        pass
    roles = Roles(name, [], binary_labels="audit")
    try:
        refuse_stray_labels(pd.DataFrame({name: keys}), roles, target)  # the values: cheap
    except EthicLensInputError:  # stray: refused with the rows' counts
        rows = pd.DataFrame({name: keys.repeat(counts.to_numpy()).reset_index(drop=True)})
        try:
            refuse_stray_labels(rows, roles, target)
        except EthicLensInputError as exc:
            column = f"{name} ({MODEL_ROLES[1]})"
            raise _refused(exc.problem, column, exc.fix) from None


def _source_name(t) -> str:
    """How a provenance names the source a target reads, alike for an audit and a comparison."""
    return Path(t.file).name if t.file else t.table or "the query"


def _database_named(target, url: str) -> str:
    """The database as reports and counts tables name it: the environment variable NAME when
    its URL came from one (db_env keeps the URL out of files; the web app names it so too),
    else the URL without its password."""
    from ..sources import mask_url

    return target.db_env or mask_url(url)


def _url_flag(target) -> str:
    """The option that gave the database URL, as refusals name it."""
    return f"--db-env {target.db_env}" if target.db_env else "--db"


def _source(spec: AuditSpec, engine: str) -> tuple:
    """(the database URL or None, ``read``: its table, query, the option that gave the URL and
    how reports name it) of the spec's target, for ``engine``; a database without a table or
    a query is refused."""
    t = spec.target
    url = database_url(spec) if engine == "sql" else None
    if url and not (t.table or t.query):  # named by the option that gave the database
        flag = "--db-env" if t.db_env else "--db"
        problem = f"{flag} needs --table NAME or --query SQL"
        raise _refused(problem, flag, "e.g. --table predictions")
    return url, (t.table, t.query, _url_flag(t), url and _database_named(t, url))


def _source_columns(engine, target, url, read) -> list[str]:
    if engine == "sql":
        from ..sources import sql_columns

        table, query, flag, _ = read
        return sql_columns(url, table=table, query=query, flag=flag)
    from ..sources import file_columns

    return file_columns(target, engine)


def _count(engine, t, roles, url, read):
    """Counts of the target ``t``'s file, glob or folder or of the database at ``url``
    (``read``: as :func:`_source` gives it), by ``engine``."""
    from ..sources import check_scheduler

    target, scheduler = t.file, t.scheduler
    check_scheduler(engine, scheduler)
    if engine == "sql":
        from ..sources import sql_counts

        table, query, flag, named = read
        where = {"database": named, **({"table": table} if table else {"query": query})}
        try:
            return sql_counts(url, roles, table=table, query=query, flag=flag), where
        except EmptyInputError as exc:  # no rows: named by the option that chose them
            if exc.column is not None:
                raise
            column = "--table" if table else "--query"
            raise type(exc)(exc.problem, column=column, value=exc.value, fix=exc.fix) from None
    from .. import sources

    if engine == "duckdb":
        table = sources.duckdb_counts(target, roles)
    elif engine == "dask":
        table = sources.dask_file_counts(target, roles, scheduler=scheduler or "local-cluster")
    elif engine == "spark":
        table = sources.spark_file_counts(target, roles, master=scheduler)
    else:
        table = sources.pandas_counts(target, roles)
    return table, {"dataset": str(target)}


def _from_table(spec, table, cols, refs, where, engine, fingerprint, where_from=None) -> Loaded:
    r = spec.roles
    refs = {c: edited_reference(c, ref, *_edits(spec)) for c, ref in refs.items()}
    model = {"predictions": "cells of a counts table"}
    if where_from is not None:
        model = _columns_model(r, where_from)
    more = {}
    if "dataset" not in where:
        more["dataset"] = where.get("database") or where.get("counts_file")
    if table.attrs.get("ethiclens_suppression"):
        more["min_cell_suppression"] = table.attrs["ethiclens_suppression"]
    return Loaded(
        engine=engine,
        provenance=_with_card(spec, {**where, "engine": engine}, model, more),
        fingerprint=fingerprint,
        reference=refs,
        favorable=r.positive != "harmful",
        table=table,
        protected=cols,
    )


def _rows_from_counts(spec, table, cols, refs, where, engine, fingerprint, purpose) -> Loaded:
    """compare and thresholds need rows: the cells, each repeated ``count`` times (exact)."""
    import numpy as np

    r = spec.roles
    reps = table["count"].to_numpy().astype(int)
    keep = reps > 0
    frame = table.loc[keep].reset_index(drop=True)
    frame = frame.loc[np.repeat(np.arange(len(frame)), reps[keep])].reset_index(drop=True)
    refs = {c: edited_reference(c, ref, *_edits(spec)) for c, ref in refs.items()}
    said = {**where, "engine": engine}  # as the pandas path and an audit's table say
    loaded = Loaded(
        engine=engine,
        provenance=_file_provenance(spec, _source_name(spec.target), said, purpose),
        fingerprint=fingerprint,
        reference=refs,
        favorable=r.positive != "harmful",
        sensitive=frame[cols],
    )
    if purpose == "compare":  # each named by its column, as the pandas path names them
        loaded.preds = {r.y_pred[0]: frame["y_pred"].rename(r.y_pred[0])}
        b = frame[r.y_pred[1]]
        loaded.preds[r.y_pred[1]] = _labels_as_read(b) if _read_as_text(spec.target) else b
        loaded.y_true = frame["y_true"].rename(r.y_true) if r.y_true else None
    else:
        loaded.y_score = _as_read(frame[r.y_score])
        loaded.y_true = frame["y_pred"].rename(r.y_true) if r.y_true else None
        if r.y_pred:  # the audited threshold's predictions (_check_audited_predictions)
            pred = frame[r.y_pred[0]]
            as_read = _as_read if r.y_pred[0] == r.y_score else _labels_as_read
            loaded.preds = {r.y_pred[0]: as_read(pred) if _read_as_text(spec.target) else pred}
    return loaded


def _read_as_text(t) -> bool:
    """Whether ``t``'s keys were counted as text: CSV files (a database's, Parquet's are typed)."""
    from ..sources import resolve_files

    return bool(t.file) and resolve_files(t.file)[1] == "csv"


def _labels_as_read(values):
    """Model B's predictions counted as a CSV's text key, as a file's reader types labels:
    integers, floats or true/false where each reads as one (``sources.type_labels``, as model
    A's are typed), so 'true' is the boolean pandas reads, not text."""
    from ..sources import type_labels

    if not all(isinstance(v, str) for v in values.unique()):
        return values
    return type_labels(values)


def _as_read(scores):
    """A score column counted as a key, as a file's reader types it: a CSV's text keys kept as
    written (a group's '0.10' is not '0.1'), numbers where every one reads as a number, as
    pandas reads them; else as it is, for the audit to refuse in its words."""
    import pandas as pd

    if scores.dtype != object:
        return scores
    try:
        return pd.to_numeric(scores)
    except (TypeError, ValueError):
        return scores
