"""``AuditSpec``: one frozen, validated request object for every face (CLI, Python, web, monitor).

A spec says what to audit (the target), which columns play which role, how groups are edited,
the policy (DI rule and thresholds, EO threshold, sample floors, interval method, draws, seed),
the model-card facts, the outputs and the gate. It loads from YAML or JSON, saves back, and its
JSON Schema (``spec_schema()``, written to ``docs/audit-spec.schema.json``) is generated from the
field definitions below, so the schema, the loader and the CLI flags cannot drift apart.
"""

from __future__ import annotations

import difflib
import functools
import json
import math
import numbers
import os
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, fields
from functools import partial
from pathlib import Path

import numpy as np

from .._checks import (
    ALPHA_FIX,
    ETA_FIX,
    MAX_COUNT,
    MAX_DRAWS,
    MIN_DI_THRESHOLD,
    MIN_DRAWS,
    NUMBER_FIX,
    ROLE_NAMES,
    SKLEARN_SEED_LIMIT,
    WHOLE_DECIMAL,
    LongInteger,
    argument_kinds,
    beyond_text_limit,
    check_count,
    check_di_threshold,
    check_draws,
    check_eta,
    check_fraction,
    check_level,
    check_member,
    check_seed,
    check_workers,
    did_you_mean,
    empty_fix,
    float_items,
    instance_kind,
    is_number_text,
    kind_refusal,
    names_words,
    pass_item_fix,
    printed_float,
    refuse_whole_decimal,
    schema_words,
    typed_whole,
    underflow_words,
    underflows,
    use_one_of,
    written_float,
    zero_d_item,
)
from .._keywords import refusing_unknown_keywords, unknown_keyword
from .._text import in_quotes, prints_blank
from ..errors import (
    CommandText,
    EthicLensInputError,
    _keep_text,
    _TypedFloat,
    _yaml_text,
    shortened_quotes,
    shown_int,
)
from ._shapes import data_words, refuse_intersections, refuse_role_data
from ._unused import _BENCHMARK_KEYS, VIEW_ASKED, given_options, stray_options, with_given

SPEC_VERSION = 1
SCHEMA_ID = "https://ethiclens.dev/schemas/audit-spec-v1.json"

_STR = {"type": "string", "minLength": 1}
_OPT_STR = {"type": ["string", "null"], "minLength": 1}
_FRACTION = {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}
_STR_LIST = {"type": "array", "items": _STR}
# A comma-separated list in one string (the loader splits it): every item holds a character.
_ITEM = r"[^,]*[^,\s][^,]*"
_CSV = {"type": "string", "pattern": f"^{_ITEM}(,{_ITEM})*$"}
_CSV_2 = {"type": "string", "pattern": f"^{_ITEM}(,{_ITEM})+$"}  # two items or more
FAIL_ON = ("flagged", "inconclusive", "insufficient", "never")
ENGINES = ("auto", "pandas", "duckdb", "dask", "spark")
CI_METHODS = ("jeffreys", "bca", "percentile", "bootstrap")
# The interval methods each kind of run takes ("bootstrap": compare's older spelling of
# percentile).
CI_BY_PURPOSE = {
    "audit": ("jeffreys", "bca", "percentile"),
    "compare": ("jeffreys", "percentile", "bootstrap"),
}


def _f(schema: dict, default=None, *, flag="", doc: str = "", factory=None, check=None):
    """A spec field: its JSON schema, default, command-line flag ("": ``--`` and its name,
    dashed; None: none), help, and ``check`` (value, key) -> value: the vocabulary's checker
    (``ethiclens._checks``), whose range and words every face shares (the schema's bounds)."""
    meta = {"schema": {**schema, "description": doc}, "flag": flag, "check": check}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


class FrozenDict(dict):
    """A spec's mapping (``groups.bins``, ``merge``, ``exclude``), read-only as the spec is: a
    ``dict`` to every reader (JSON, the engine's checks), but changing it in place is refused
    (a spec shared between runs would change under them); hashable by its items, so a spec is
    too, and pickled and copied as a dict is."""

    __slots__ = ()

    def _read_only(self, *args, **kwargs):
        raise TypeError(
            "an AuditSpec is frozen: its mappings cannot be changed in place; make a changed "
            "copy with spec.replace(groups={...})"
        )

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return type(self), (dict(self),)


class _Section:
    """A spec section's values frozen when it is made, however it is made (``from_dict``, or
    ``Groups(merge={...})`` directly): lists as tuples, mappings as :class:`FrozenDict`."""

    def __post_init__(self):
        for f in fields(self):
            object.__setattr__(self, f.name, _freeze(getattr(self, f.name)))


def _check_path(path: str, where: str) -> None:
    """A path no file system can name (a NUL character) is refused when the spec is made, not
    at the first look at the file (Python's ValueError "embedded null byte"); a path that is
    no text is the schema's to refuse (``file: 5``: "must be text")."""
    if isinstance(path, str) and "\x00" in path:  # io's words, as every face says them
        from ..io import NUL_IN_PATH, NUL_PATH_FIX

        raise _key_error(NUL_IN_PATH, where, NUL_PATH_FIX, path)
    if isinstance(path, str) and path and not path.strip() and where[:7] != "target.":
        fix = "give a value, or leave it out for its default"  # as '' (schema) and --json ' '
        raise _key_error("must not be empty", where, fix, path)


# a field of text or null; _path: one naming a file or folder (no NUL, never blank)
_text = partial(_f, _OPT_STR)
_path = partial(_text, check=_check_path)
# a floor: a whole number of rows or labels (check_count)
_floor = partial(_f, {"type": "integer", "minimum": 1, "maximum": MAX_COUNT}, check=check_count)


def _choice(choices, default, doc: str):
    """A field of one of ``choices`` (the schema's enum, in their order)."""
    return _f({"enum": list(choices)}, default, doc=doc)


def _fraction(default: float, doc: str):
    """A field of a number strictly between 0 and 1, its refusal's fix its default (e.g. 0.1)."""
    return _f(_FRACTION, default, check=partial(check_fraction, fix=f"e.g. {default}"), doc=doc)


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class Target(_Section):
    """What is audited: exactly one of ``dataset``, ``file``, ``counts`` or ``db``/``db_env``."""

    dataset: str | None = _text(
        flag=None, doc="A benchmark (compas, adult, german, acs-income, bios)."
    )
    file: str | None = _path(flag=None, doc="A CSV/Parquet file, a folder or a glob.")
    counts: str | None = _path(
        doc="Audit a counts table (from `ethiclens counts`) instead of rows."
    )
    db: str | None = _text(
        doc="SQLAlchemy database URL: the GROUP BY runs there (a password: use --db-env, "
        "db_env in a config file).",
    )
    db_env: str | None = _text(
        doc="Environment variable holding the database URL (keeps the password out of shell "
        "history, configs and reports).",
    )
    table: str | None = _text(doc="Table to read (with the database).")
    query: str | None = _text(doc="One SELECT whose rows are read (with the database).")
    engine: str = _choice(
        ENGINES,
        "auto",
        "Who counts a file: pandas (in memory), duckdb (out of core, only the needed "
        "columns), dask or spark; auto: DuckDB for CSV/Parquet files, globs and folders when "
        "installed, else pandas.",
    )
    scheduler: str | None = _text(
        doc="Dask scheduler (address or local-cluster) or Spark master (e.g. local[4]; default "
        "local[2]).",
    )
    score: str = _choice(
        ["model", "decile"],
        "model",
        "compas only: decile uses COMPAS's own risk score (Medium/High = predicted positive; "
        "as a score, decile / 10) instead of the standard model.",
    )
    states: tuple = _f(
        {"anyOf": [{**_STR_LIST, "minItems": 1}, _CSV, {"type": "null"}]},  # null: CO
        ("CO",),
        doc="acs-income: states, e.g. CO,NE (default CO).",
    )
    year: int = _f(
        {"type": "integer"}, 2018, doc="acs-income: survey year, 2014 to 2018 (default 2018)."
    )
    download: bool = _f(
        {"type": "boolean"},
        False,
        doc="acs-income: allow downloading missing states.",
    )

    @property
    def kind(self) -> str | None:
        """``dataset``, ``file``, ``counts``, ``db`` or None (nothing named yet)."""
        kinds = self._kinds()
        return kinds[0] if len(kinds) == 1 else None

    def _kinds(self) -> list[str]:
        named = {"dataset": self.dataset, "file": self.file, "counts": self.counts}
        named["db"] = self.db or self.db_env
        return [k for k, v in named.items() if v]

    def __repr__(self) -> str:
        """As the dataclass's, the database URL without its password (a notebook shows it);
        a URL with a password given under another key (``db_env``, ``file``) masked as a
        message about it is."""
        from .._secrets import mask_secrets
        from ..sources import mask_url

        shown = {f.name: getattr(self, f.name) for f in fields(self)}
        shown = {k: mask_secrets(v) if isinstance(v, str) else v for k, v in shown.items()}
        shown["db"] = mask_url(self.db) if self.db else self.db
        return f"Target({', '.join(f'{k}={v!r}' for k, v in shown.items())})"

    def check_database_keys(self) -> None:
        """``table`` and ``query`` belong to a database target (a file's rows are all read: a
        query silently ignored would audit other rows than the user asked for), one of them;
        a URL that prints as nothing is refused as an empty one (never parsed, nor shown in
        the refusal's name: "option '--db  '")."""
        if isinstance(self.db, str) and self.db and prints_blank(self.db):
            fix = "give a database URL (e.g. postgresql+psycopg://user@host/db), or leave it out"
            raise _key_error("must not be empty (it is only blanks)", "target.db", fix, self.db)
        if self.table and self.query:
            raise _key_error(
                "give --table or --query, not both", "target.table/target.query", "drop one"
            )
        key = "table" if self.table else "query" if self.query else None
        if key and self.kind not in (None, "db"):
            fix = "add --db URL (or --db-env NAME), or drop --table/--query to read the "
            fix += str(self.kind)
            problem = f"a {key} is read from a database, not from a {self.kind} target"
            raise _key_error(problem, f"target.{key}", fix, getattr(self, key))

    def _check_year(self) -> None:
        """An ACS survey year out of range is refused when the spec is made (a saved config
        never holds one), not only when the survey loads; its type is the schema's. Beside
        another target a year is refused as unused, whatever its value (spec._unused)."""
        if type(self.year) is int and self.dataset == "acs-income":
            from ..datasets import check_year

            try:
                check_year(self.year)
            except EthicLensInputError as exc:
                raise exc.renamed({"year": "target.year"}) from None

    def _check_reader_options(self) -> None:
        """A benchmark is loaded, and a counts table read, as it is: an engine or a scheduler
        named beside one would be silently unused."""
        key = "engine" if self.engine != "auto" else "scheduler" if self.scheduler else None
        if key is None or self.kind not in ("dataset", "counts"):
            return
        what = "a counts table is counted already"
        what = "a benchmark is loaded" if self.kind == "dataset" else what
        unused = "" if key == "engine" else ", so no scheduler is used"
        problem = f"{what}: no engine reads it{unused}"
        raise _key_error(problem, f"target.{key}", f"drop --{key}", getattr(self, key))

    def describe(self) -> str:
        """The target in words, without a password."""
        if self.kind == "db":
            from ..sources import mask_url

            where = f"${self.db_env}" if self.db_env else mask_url(self.db)
            return f"{where} ({'table ' + self.table if self.table else 'query'})"
        return str(self.dataset or self.file or self.counts or "nothing")


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class Roles(_Section):
    """Which column is which; ``protected`` entries are ``COL`` or ``COL=REFERENCE``."""

    y_true: str | None = _text(doc="Label column (user file).")
    y_pred: tuple = _f(
        {"anyOf": [{**_STR_LIST, "maxItems": 2}, _STR]},
        (),
        doc="Prediction column (user file); two (model A, then model B): a paired comparison.",
    )
    y_score: str | None = _text(
        doc="Score column in [0, 1] (user file): calibration, AUC, the threshold view.",
    )
    protected: tuple = _f(
        {
            "anyOf": [
                _STR_LIST,
                _STR,
                {
                    "type": "object",
                    # a reference group is the value as the column holds it: 2 as well as "2"
                    "additionalProperties": {"type": ["string", "number", "boolean", "null"]},
                },
            ]
        },
        (),
        doc="Protected attribute, optionally with its reference group: COL or COL=REFERENCE "
        "(in a file also a mapping {COL: REFERENCE or null}). Repeatable. For benchmarks, "
        "restricts the audit to these attributes.",
    )
    intersections: tuple = _f(
        {"type": "array", "items": {"anyOf": [{**_STR_LIST, "minItems": 2}, _CSV_2]}},
        (),
        flag="--intersect",
        doc="Also audit crossed groups of these attributes: A,B (in a file [[A, B]]). Repeatable.",
    )
    weight: str | None = _text(doc="Sample-weight column (user file).")
    pos_label: str | int | float | bool | None = _f(
        {"type": ["string", "integer", "number", "boolean", "null"]},
        doc="Value of the label and prediction columns that is the positive label, when not 0/1.",
    )
    positive: str | None = _f(
        {"enum": ["favorable", "harmful", None]},
        doc="Is the positive label a benefit or a harm? (default: the dataset's, else favorable)",
    )


def _check_bins(bins: dict, where: str) -> dict:
    """Every attribute's edges checked as the run checks them (``check_bin_edges``: at least
    two, finite, increasing), when the spec is made: a saved spec holds no NaN edge, which
    JSON cannot write."""
    from ..fairness import check_bin_edges

    if not isinstance(bins, dict):  # bins: [0, 10] (no attribute), "age=0,10": no traceback
        problem = "must be a mapping of each attribute to its bin edges"
        raise _key_error(problem, where, "e.g. {age: [0, 25, 45, 65, 120]}", bins)
    return {attr: check_bin_edges(edges, where) for attr, edges in bins.items()}


def _check_merge_names(merge, where: str) -> None:
    """A merged group needs a name (``--merge-groups race=A,B:`` is refused as well): an empty
    or blank one would be an unreadable group in every report. Other shapes are the schema's
    to refuse."""
    for attr, merges in merge.items() if isinstance(merge, dict) else ():
        for name in merges if isinstance(merges, dict) else ():
            if prints_blank(str(name)):  # a zero-width space prints nothing as well
                problem = "a merged group's new name is empty or only spaces"
                fix = "give the merged group a name that can be read, e.g. Other"
                raise _key_error(problem, f"{where}.{attr}", fix, name)


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class Groups(_Section):
    """Group edits: numeric attributes binned, groups merged, groups left out."""

    bins: dict = _f(
        {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "number"}, "minItems": 2},
        },
        factory=dict,
        check=_check_bins,
        doc="Bin a numeric protected attribute into groups [E0, E1), ..., [Ek-1, Ek]: "
        "ATTR=E0,E1,... (e.g. age=0,25,45,65,120; finite, increasing); values outside the "
        "edges are refused. ATTR ends at the last '=' (a column may hold '='). Repeatable.",
    )
    merge: dict = _f(
        {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": {**_STR_LIST, "minItems": 2},
            },
        },
        flag="--merge-groups",
        factory=dict,
        check=_check_merge_names,
        doc="Audit groups A, B, ... of ATTR as one group NEW: ATTR=A,B:NEW (stated in every "
        "report). Repeatable.",
    )
    exclude: dict = _f(
        {"type": "object", "additionalProperties": {**_STR_LIST, "minItems": 1}},
        flag="--exclude-group",
        factory=dict,
        doc="Leave GROUP of ATTR out of the audit: ATTR=GROUP (stated in every report). "
        "Repeatable.",
    )


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class PolicySpec(_Section):
    """When a comparison is flagged, how much data a claim needs, and how intervals are drawn."""

    di_rule: str = _choice(
        ["two_sided", "below"],
        "two_sided",
        "two_sided (default): flag a DI interval entirely outside [t, 1/t], whichever group "
        "is the reference; below: only one entirely below t.",
    )
    di_threshold: float = _f(
        {"type": "number", "minimum": MIN_DI_THRESHOLD, "exclusiveMaximum": 1},
        0.8,
        check=check_di_threshold,
        doc="The DI line t (default 0.80, the four-fifths rule).",
    )
    eo_threshold: float = _fraction(
        0.1, doc="Flag when the equalized-odds interval lies above this gap (default 0.10)."
    )
    min_group_size: int = _floor(
        100, doc="Rows per group needed to judge selection-rate metrics (default 100)."
    )
    min_labels: int = _floor(
        30,
        doc="Positive and negative labels per group needed to judge error-rate metrics (default "
        "30).",
    )
    ci: str = _choice(
        CI_METHODS,
        "jeffreys",
        "Interval method (default jeffreys; audit: jeffreys, bca, percentile; compare: "
        "jeffreys, percentile).",
    )
    confidence_level: float = _f(
        {"type": "number", "exclusiveMinimum": 0.5, "exclusiveMaximum": 1},
        0.95,
        check=check_level,
        doc="Confidence level of every interval (default 0.95); the report states it.",
    )
    n_boot: int | None = _f(
        {"type": ["integer", "null"], "minimum": MIN_DRAWS, "maximum": MAX_DRAWS},
        check=check_draws,
        doc="Interval draws (default: audit 2000, compare and thresholds 1000).",
    )
    seed: int | None = _f(
        {"type": ["integer", "null"], "minimum": 0, "maximum": SKLEARN_SEED_LIMIT - 1},
        0,
        # one range for every target: a benchmark's split and model take scikit-learn's seeds
        check=check_seed,
        doc="Seed for the split and the intervals, below 2**32 (default 0; seed: null in a "
        "config file draws a fresh one when the run starts, recorded in the report's spec and "
        "a saved config, which reproduce it).",
    )

    def to_policy(self):
        """The engine's ``Policy``: the one place a face's request becomes one."""
        from ..fairness import Policy

        try:
            return Policy(
                di_threshold=self.di_threshold,
                eo_threshold=self.eo_threshold,
                min_group_size=self.min_group_size,
                min_label_count=self.min_labels,
                di_rule=self.di_rule,
            )
        except EthicLensInputError as exc:
            key = {"min_label_count": "min_labels"}.get(str(exc.column), exc.column)
            raise _key_error(exc.problem, f"policy.{key}", exc.fix, exc.value) from None


def _check_version_as_written(value, where: str):
    """Refuse a version the card would print otherwise than the file wrote it, which the
    schema's "integer" lets through: a whole float (``2.0``, ``1e3`` is 1000.0) or an integer
    such as ``+5`` or ``0x1F`` (5, 31). Other numbers are left to the schema's refusal."""
    from ..io import as_written, quote_it_fix

    _check_not_blank(value, where)
    whole_float = isinstance(value, float) and value.is_integer()
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if whole_float or (is_int and as_written(value) != str(value)):
        fix = quote_it_fix(where.rpartition(".")[2], value)
        raise _key_error("must be text or a whole number or null", where, fix, value)
    return value


def _check_not_blank(value, where: str):
    """Refuse a text the card and the report would print as nothing: empty, or only blanks
    (``--model-version ''``, ``model: {name: "  "}``), where leaving it out says "not given"."""
    if isinstance(value, str) and prints_blank(value):  # '  ', a zero-width space
        problem = "must not be empty" + (" (it is only blanks)" if value else "")
        fix = f"give the model's {where.rpartition('.')[2].replace('_', ' ')}, or leave it out"
        raise _key_error(problem, where, fix, value)
    return value


# a model's text holds a letter (the schema's words for an editor: _check_not_blank's)
_SHOWN_TEXT = {"minLength": 1, "pattern": "\\S"}


def _refused(problem: str, column: str, fix: str, value=None, kind=None) -> EthicLensInputError:
    """A refusal of ``column`` (a flag, a key or TARGET: its kind read from the name, unless
    ``kind`` says it)."""
    return EthicLensInputError(problem, column=column, value=value, fix=fix, kind=kind)


# a refusal of the spec key ``column`` (``policy.n_boot``; a section such as ``policy``, a key
# too though it has no dot), and of the Python argument (or keyword) ``column``
_key_error = partial(_refused, kind="key")
_argument_error = partial(_refused, kind="argument")


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class ModelInfo(_Section):
    """What the model card and HTML report say about the model."""

    # text lengths as the card file's own fields are limited (report: SHORT_TEXT, LONG_TEXT):
    # a name of 900 kB would hold up the PDF for minutes
    name: str | None = _f(
        {**_OPT_STR, **_SHOWN_TEXT, "maxLength": 200},
        check=_check_not_blank,
        flag="--model-name",
        doc="Name of the audited model (model card, HTML report).",
    )
    version: str | None = _f(
        # a whole number may stand bare (3); 2.10 must be quoted, or YAML reads it as 2.1
        {"type": ["string", "integer", "null"], **_SHOWN_TEXT, "maxLength": 200},
        check=_check_version_as_written,
        flag="--model-version",
        doc="Version of the audited model (quote a dotted one: '2.10').",
    )
    intended_use: str | None = _f(
        {**_OPT_STR, **_SHOWN_TEXT, "maxLength": 20_000},
        check=_check_not_blank,
        doc="The model's primary intended use, in words.",
    )
    card_info: str | None = _path(
        doc="YAML or JSON with model-card fields (Mitchell et al.): model_details, intended_use, "
        "factors, metrics, evaluation_data, training_data, ethical_considerations, "
        "caveats_and_recommendations, sign_off (the signable report's names and date).",
    )


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class Outputs(_Section):
    """Files written; ``json: "-"`` writes the JSON report to standard output."""

    json: str | None = _path(
        doc="Write the JSON report ('-': to standard output, and nothing else there)."
    )
    html: str | None = _path(doc="Write the HTML report.")
    model_card: str | None = _path(
        doc="Write the model card: card.html (HTML) or card.md (Markdown)."
    )
    pdf: str | None = _path(
        doc="Write the report as PDF (headless Chromium; print layout, nothing cut)."
    )
    csv: str | None = _path(doc="Write the threshold table (CSV).")
    plot: str | None = _path(doc="Write the threshold plot (PNG).")


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class GateSpec(_Section):
    """When a run fails a pipeline (exit 1, after every output is written)."""

    fail_on: str = _choice(
        FAIL_ON,
        "never",
        "After writing the outputs, exit 1 when any comparison is FLAGGED (flagged), also "
        "INCONCLUSIVE (inconclusive), or also not judged: INSUFFICIENT_DATA or UNDEFINED "
        "(insufficient). Default never.",
    )
    baseline: str | None = _path(
        doc="A previous JSON report of the same spec (other data is compared, with a note): "
        "exit 1 when a verdict got worse or DI/EO moved for the worse beyond both intervals.",
    )


@refusing_unknown_keywords(init=True)  # Roles(y_tru=...): audit()'s refusal
@dataclass(frozen=True)
class ThresholdView(_Section):
    """``ethiclens thresholds``: the audited threshold and the grid step."""

    threshold: float = _fraction(
        0.5, doc="The threshold the audited predictions used (marked; default 0.5)."
    )
    step: float = _fraction(0.05, doc="Threshold step (default 0.05).")


_SECTIONS = {
    "target": Target,
    "roles": Roles,
    "groups": Groups,
    "policy": PolicySpec,
    "model": ModelInfo,
    "outputs": Outputs,
    "gate": GateSpec,
    "thresholds": ThresholdView,
}
_OWNERS = {f.name: name for name, kind in _SECTIONS.items() for f in fields(kind)}  # its section


class SectionTypeError(EthicLensInputError, TypeError):
    """A spec section of the wrong type (``AuditSpec(target=None)``, ``target={...}``): the
    project's refusal (one line on every face, exit 2 on the command line) that is still the
    TypeError a Python caller may catch."""


@refusing_unknown_keywords(init=True)
@dataclass(frozen=True)
class AuditSpec:
    """One audit request. Build it with ``AuditSpec.from_dict``/``from_file``/``of``; run it
    with ``ethiclens.run(spec)``.

    Sections: ``target``, ``roles``, ``groups``, ``policy``, ``model``, ``outputs``, ``gate``,
    ``thresholds`` (see each class). Every field is checked on construction; a bad one is an
    :class:`~ethiclens.errors.EthicLensInputError` naming its key (``policy.n_boot``).
    """

    target: Target = field(default_factory=Target)
    roles: Roles = field(default_factory=Roles)
    groups: Groups = field(default_factory=Groups)
    policy: PolicySpec = field(default_factory=PolicySpec)
    model: ModelInfo = field(default_factory=ModelInfo)
    outputs: Outputs = field(default_factory=Outputs)
    gate: GateSpec = field(default_factory=GateSpec)
    thresholds: ThresholdView = field(default_factory=ThresholdView)
    version: int = SPEC_VERSION
    # the benchmark options its request named, and whether it asked for the threshold view
    # (with_given): a field, kept by dataclasses.replace too; compared as the stray options
    # only (_key): the view asked for is how the request was written (to_dict() drops it,
    # as it writes a spec whole), not what it holds
    _given_options: frozenset = field(default=frozenset(), repr=False, compare=False)

    def _key(self) -> tuple:
        # its fields and a benchmark option named for another target (adult's year: 2018),
        # which its run refuses: equal specs run alike (a key named at its default does not
        # show in the fields)
        return (*(getattr(self, f.name) for f in fields(self) if f.compare), stray_options(self))

    @property
    def view_asked(self) -> bool:
        """Whether the request wrote a ``thresholds`` key, at its default too (as the web's
        threshold view and ``ethiclens thresholds --save-config`` write it): it asks for the
        threshold view, which ``ethiclens.run`` draws (:func:`view_written`); ``save`` writes
        it, ``to_dict`` (the spec whole, as a report records it) and ``==`` do not."""
        return VIEW_ASKED in self._given_options

    def __eq__(self, other) -> bool:
        return self._key() == other._key() if type(other) is type(self) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __post_init__(self):
        self._check_section_types()
        if isinstance(self.version, float):  # AuditSpec(version=1.0): saved, it would not load
            fix = f"write version={SPEC_VERSION}"
            raise _key_error("must be a whole number", "version", fix, self.version)
        _refuse_version(self.version, "spec")  # 10**5000: the schema could not say it
        check_spec_dict(self.to_dict())
        kinds = self.target._kinds()
        if len(kinds) > 1:
            # every key that names one (the CLI says each flag: TARGET/--db)
            keys = [k if k != "db" or self.target.db else "db_env" for k in kinds]
            keys = "/".join(f"target.{k}" for k in keys)
            fix = "keep one of them: a run audits one target"  # each named in its face's words
            raise _key_error(f"names {len(kinds)} targets ({', '.join(kinds)})", keys, fix)
        if self.target.db and self.target.db_env:
            fix = "keep one: db_env keeps the password out of files"
            raise _key_error("gives both db and db_env", "target.db_env", fix)
        self.target.check_database_keys()
        self.target._check_reader_options()
        self.target._check_year()

    def _check_section_types(self) -> None:
        """A programming error (``AuditSpec(target={...})``) named as one, before a section is
        read as a dataclass."""
        for name, kind in _SECTIONS.items():
            section = getattr(self, name)
            if not isinstance(section, kind):
                given = "None" if section is None else type(section).__name__
                raise SectionTypeError(
                    f"AuditSpec argument {name!r} must be a {kind.__name__}, not {given}; "
                    "from plain data use "
                    f"AuditSpec.from_dict({{{name!r}: {{...}}}})"
                )

    # -- building -----------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: dict, *, source: str = "spec") -> AuditSpec:
        """A spec from plain data (a parsed YAML/JSON file); unknown keys, wrong types and a
        version from the future are refused with the key named."""
        data = _normalise(data, source)
        check_spec_dict(data, source)
        sections = {name: kind(**data.get(name, {})) for name, kind in _SECTIONS.items()}
        spec = cls(**sections, version=data.get("version", SPEC_VERSION))
        return with_given(spec, asked_options(data))  # compas's year: 2018, refused when run

    @classmethod
    def of(cls, target=None, **options) -> AuditSpec:
        """A spec from keyword arguments named as the fields (``AuditSpec.of("compas",
        n_boot=500, merge={...})``); a target is a benchmark name or a path (``str`` or
        ``os.PathLike``: ``Path("d.csv")``); any other type is refused. The
        engine's names of fields are taken too (``random_state``, ``merge_groups``, a
        ``policy=Policy(...)`` for its thresholds and floors, ``positive_is_favorable``); one
        field set by two keywords is refused. A refusal names the keyword as the caller wrote
        it (``argument 'seed'``), as ``ethiclens.run`` does."""
        with named_as_called((), options, "target"):
            spec = cls._of(target, **options)
        # a keyword that writes the view's threshold or step asks for the view, at its default
        # too (both at theirs: a dict's rule, view_written, reads them as a spec written whole),
        # as ethiclens.run's keywords do (with_options): run(AuditSpec.of(T, **kw)) is run(T, **kw)
        if any(_ENGINE_NAMES.get(k, k) in ("threshold", "step") for k in options):
            spec = with_given(spec, spec._given_options | {VIEW_ASKED})
        return spec

    @classmethod
    def _of(cls, target=None, **options) -> AuditSpec:
        """``of``, its refusals naming the spec's keys (``run`` names them as it was called)."""
        data: dict = {}
        as_path = isinstance(target, os.PathLike)  # a pathlib.Path is a file, never a name
        target = _target_text(target)
        if target is not None:
            data["target"] = {target_key(target, as_path): target}
        if "reference" in options:  # {attribute: group}: COL=REFERENCE entries of protected
            options["protected"] = referenced(
                options.pop("reference"), options.get("protected"), ()
            )
        given: dict = {}
        for keyword, value in options.items():
            # the engine's name of a field is the field (random_state is seed): either is fine;
            # one field set by two keywords (seed and random_state, policy=Policy(...) and
            # di_threshold) is refused, whichever value would have won
            for key, field_value in keyword_fields(keyword, value).items():
                if key in given:
                    raise _set_twice(key, given[key], keyword)
                given[key] = keyword
                data.setdefault(_OWNERS[key], {})[key] = field_value
        return cls.from_dict(data, source="keyword arguments")

    @classmethod
    def from_file(cls, path, *, argument: str = "path") -> AuditSpec:
        """A spec from a YAML (.yaml/.yml) or JSON (.json) file; ``argument`` names the path in
        a message (the caller's parameter: ``ethiclens.run``'s ``spec``)."""
        path_argument(path, argument)
        try:
            data = read_spec_file(path, argument)
        except EthicLensInputError as exc:
            raise _argument_error(exc.problem, argument, exc.fix, exc.value) from None
        try:
            return cls.from_dict(data, source=Path(path).name)
        except EthicLensInputError as exc:  # a file's user is told its keys, never a flag
            if (exc.column, exc.kind) == ("data", "argument"):  # the file as a whole (a report)
                raise _argument_error(exc.problem, argument, exc.fix, exc.value) from None
            raise exc.renamed({}, exc.kind, flag_paths()) from None

    def replace(self, **sections) -> AuditSpec:
        """A copy with some sections' fields changed: ``spec.replace(policy={"n_boot": 500})``
        (a mapping of the section's fields, or the section itself: ``PolicySpec(...)``)."""
        data, named = self.to_dict(), {"target": {}}
        for name, values in sections.items():
            if name not in _SECTIONS:
                raise _unknown_section(name)
            named[name] = _section_values(name, values)
            data[name].update(named[name])
        # the benchmark options the request named stay named (compas's year: 2018, refused)
        given = self._given_options | asked_options(named)
        return with_given(AuditSpec.from_dict(data), given)

    def without_unused(self, purpose: str) -> AuditSpec:
        """This spec with the keys a ``purpose`` run (audit, compare, thresholds) does not use
        back at their defaults: an audit's spec as its threshold view's, say (a comparison's
        two ``y_pred`` too: the view draws one model's scores, and which model's is not said).
        A spec given to the run as it is has them refused by name instead."""
        from ._unused import NOT_USED

        data = self.to_dict()
        for path in NOT_USED[purpose]:
            section, key = path.split(".")
            data[section].pop(key)
        if purpose == "thresholds" and len(self.roles.y_pred) > 1:
            data["roles"].pop("y_pred")
        given = self._given_options - ({VIEW_ASKED} if purpose != "thresholds" else set())
        return with_given(AuditSpec.from_dict(data), given)

    def seeded(self) -> AuditSpec:
        """This spec with the seed its run uses: ``seed`` null asks for a fresh one, drawn here
        (below 2**32, which every use of a seed takes) and kept in the spec, so the report's
        ``run.spec`` and a saved config name it and rerunning either reproduces the numbers."""
        if self.policy.seed is not None:
            return self
        fresh = int(np.random.SeedSequence().entropy % SKLEARN_SEED_LIMIT)
        return self.replace(policy={"seed": fresh})

    # -- writing ------------------------------------------------------------------------------
    def to_dict(self, *, minimal: bool = False, mask: bool = False) -> dict:
        """Plain data. ``minimal``: only what differs from the defaults (a config file);
        ``mask``: the database URL without its password, and any secret a model's text holds
        masked (what reports carry)."""
        out: dict = {"version": self.version}
        for name, kind in _SECTIONS.items():
            values = {f.name: _plain(getattr(getattr(self, name), f.name)) for f in fields(kind)}
            if minimal:  # what differs from a section left at its defaults
                default = kind()
                values = {k: v for k, v in values.items() if v != _plain(getattr(default, k))}
            if values or not minimal:
                out[name] = values
        for key in ("db", "db_env") if mask else ():  # db_env: a URL given as its name
            if out.get("target", {}).get(key):
                from ..sources import mask_url

                out["target"][key] = mask_url(out["target"][key])
        if mask:
            _mask_model_texts(out)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(mask=True), indent=2, allow_nan=False)

    def save(self, path) -> Path:
        """Write the spec (only what differs from the defaults) as YAML or JSON, atomically.

        A database password is never written: give the URL through ``db_env`` instead.
        """
        return self._save(path, "path")

    def to_config(self, purpose: str | None = None) -> dict:
        """The data a config file holds (``save``, ``--save-config``, the web's config
        download): only what differs from the defaults, every password masked (the database
        URL's: ``save`` refuses such a spec, naming db_env; one in a model's text); a
        ``purpose`` run's (thresholds; without one, a spec that asked for the view:
        ``view_asked``) records its threshold, at 0.5 too, where the file would otherwise read as
        an audit's (a ``y_pred`` kept, a benchmark; a score-only view's reads as the view); a
        benchmark option named for another target kept (refused when it runs, as it was)."""
        # a password (the database URL's, one in a model's name) is never in a config's data
        data = self.to_dict(minimal=True, mask=True)
        view = (purpose == "thresholds") if purpose else self.view_asked
        if view and purpose_of_data(data) != "thresholds":  # view_written reads it
            data["thresholds"] = {
                "threshold": self.thresholds.threshold,
                **data.get("thresholds", {}),
            }
        for key in sorted(stray_options(self)):  # compas's year 2018: refused when run, kept
            data.setdefault("target", {})[key] = _plain(getattr(self.target, key))
        return data

    def _save(self, path, argument: str, purpose: str | None = None) -> Path:
        """``save``, a refusal naming ``argument`` (the CLI: ``--save-config``), of
        :meth:`to_config` (``purpose``: the run's)."""
        from .. import io

        self.check_savable(path, argument)
        data = self.to_config(purpose)
        if Path(path).suffix.lower() == ".json":
            # strict JSON: a spec holds no NaN or infinity (refused when it is made)
            text = json.dumps(data, indent=2, allow_nan=False) + "\n"
        else:
            text = io.dump_yaml(data)
        try:
            return io.write_atomic(path, text)
        except EthicLensInputError as exc:  # its folder gone, say: named as the path was given
            kind = None if argument.startswith("-") else "argument"
            raise _refused(exc.problem, argument, exc.fix, exc.value, kind) from None

    def check_savable(self, path, argument: str = "path") -> None:
        """Refuse, before any work, a config path that is not YAML/JSON or a spec whose database
        URL carries a password (never written to a file). ``argument`` names where the path
        came from in a message (the CLI: ``--save-config``)."""
        where = {"column": argument, "kind": None if argument.startswith("-") else "argument"}
        path_argument(path, argument)
        if Path(path).suffix.lower() not in (".json", ".yaml", ".yml"):
            problem, value = "a config file is .yaml, .yml or .json", str(path)
            fix = "name it e.g. audit.yaml"
        elif self.to_dict(mask=True).get("target") != self.to_dict().get("target"):
            problem = "the database URL has a password, which is never written to a file"
            value = None
            fix = "put the URL in an environment variable and name it in db_env (--db-env NAME on "
            fix += "the command line)"
            if self.target.db_env:  # the URL given where the variable's name goes
                fix = "db_env (--db-env on the command line) takes the NAME of an environment "
                fix += "variable that holds the URL, not the URL: put it in one (e.g. "
                fix += "ETHICLENS_DB) and give that name"
        else:
            return
        raise EthicLensInputError(problem, value=value, fix=fix, **where)


def _mask_model_texts(data: dict) -> None:
    """Mask, in place, a secret held by the model's texts of spec ``data`` (``--model-name
    postgresql://u:pw@h/db``): the card and the HTML show them masked, and so does every file
    that records the request (the JSON's ``run.spec``, a saved config)."""
    from .._secrets import mask_secrets

    model = data.get("model") or {}
    for key in ("name", "version", "intended_use"):
        if isinstance(model.get(key), str):
            model[key] = mask_secrets(model[key])


def _request_kind(value, name: str) -> None:
    """An argument kind: an :class:`AuditSpec` or the dict a report recorded of one."""
    if not isinstance(value, AuditSpec | dict):
        fix = "e.g. AuditSpec.from_file('audit.yaml'), or a report's run['spec']"
        raise kind_refusal(value, name, "must be an AuditSpec or its recorded dict", fix)


@argument_kinds(spec=_request_kind)
def recorded_request(spec) -> dict:
    """The request as a report records it (``run.spec`` of the JSON, the YAML of the HTML's run
    record): the spec (an ``AuditSpec`` or a recorded dict) without its outputs, the database
    password masked. Re-running it (``ethiclens audit --config``) writes no file unless asked,
    so that checking a signed report never overwrites it."""
    data = spec.to_dict(mask=True) if isinstance(spec, AuditSpec) else dict(spec)
    return {k: v for k, v in data.items() if k != "outputs"}


def refuse_not_spec(spec) -> None:
    """Refuse what is not an :class:`AuditSpec` given where one is asked (every exported
    function of a spec: ``run_audit``, ``load_target``, ``check_output_paths``, ...): None, a
    dict, a path, in one line naming the argument, never an AttributeError."""
    if not isinstance(spec, AuditSpec):
        raise EthicLensInputError(
            f"must be an AuditSpec, not {'None' if spec is None else type(spec).__name__}",
            column="spec",
            kind="argument",
            fix="build one: AuditSpec.of('compas', protected=['race']), AuditSpec.from_dict(d) "
            "or AuditSpec.from_file(path)",
        )


def method_named(spec: AuditSpec) -> AuditSpec:
    """``spec`` with compare's older spelling of its interval method, ``bootstrap``, written as
    the method it is, ``percentile`` (the name its report gives): what a run records and
    ``--save-config`` writes, so that the saved request reads as the report does."""
    refuse_not_spec(spec)
    if spec.policy.ci != "bootstrap":
        return spec
    return spec.replace(policy={"ci": "percentile"})


def _section_values(name: str, values) -> dict:
    """The fields ``replace`` sets in section ``name``: a mapping, or the section's object."""
    kind = _SECTIONS[name]
    if isinstance(values, kind):
        return {f.name: getattr(values, f.name) for f in fields(kind)}
    if isinstance(values, dict):
        return values
    example = fields(kind)[0].name
    problem = f"takes a mapping of the {name} section's fields, or a {kind.__name__}"
    raise _argument_error(problem, name, f"e.g. spec.replace({name}={{{example!r}: ...}})", values)


@argument_kinds(
    target=instance_kind(
        (str, os.PathLike), "the target (a path or a dataset's name)", "e.g. 'adult'"
    )
)
def target_key(target: str, as_path: bool = False) -> str:
    """``dataset`` for a registered benchmark name, else ``file``. A registered name that is
    also an existing path is the file when written as one (``./compas``, ``data/adult.csv``,
    ``as_path``: a ``pathlib.Path``); written bare (``compas`` beside a file ``compas``) it is
    refused naming both: which one was meant is not EthicLens's to guess."""
    from .. import datasets

    if as_path or target not in datasets.DATASETS:
        return "file"
    if not os.path.lexists(target):  # (a registered name holds no "/": written bare)
        return "dataset"
    problem = "is both a registered dataset and a file or folder in the current folder"
    fix = f"write ./{target} for the file (Python: also Path({target!r})); for the dataset, "
    fix += f"rename or move the file, or name it by its kind: target: {{dataset: {target}}} in "
    fix += f"a config file, AuditSpec.of(dataset={target!r}) in Python"
    raise _refused(problem, "TARGET", fix, target)


# -- validation -------------------------------------------------------------------------------
def spec_schema(strict: bool = False) -> dict:
    """The JSON Schema of a spec file (draft 2020-12), generated from the field definitions.

    ``strict``: without the shorthand forms (a single ``y_pred`` string, ``protected`` as a
    mapping, ``"A,B"`` intersections, ``"CO,NE"`` states), which the loader expands first."""
    props: dict = {
        "$schema": {"type": "string"},
        "version": {
            "type": "integer",
            "minimum": 1,
            "maximum": SPEC_VERSION,
            "description": "Spec format version.",
        },
    }
    for name, kind in _SECTIONS.items():
        props[name] = {  # a section left null (its keys commented out) is read as empty
            "type": "object" if strict else ["object", "null"],
            "description": (kind.__doc__ or "").strip().splitlines()[0],
            "additionalProperties": False,
            "properties": {f.name: _field_schema(f, strict) for f in fields(kind)},
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "EthicLens audit spec",
        "description": "One audit request: target, roles, group edits, policy, model card, "
        "outputs and gate (ethiclens audit --config FILE; ethiclens.AuditSpec.from_file). "
        "The loader also refuses what JSON Schema cannot say: a whole number (integer) written "
        "with a decimal point (100.0, 1e2: write 100), bin edges that do not increase.",
        "type": "object",
        "additionalProperties": False,
        "properties": props,
    }


def _field_schema(f, strict: bool) -> dict:
    schema = dict(f.metadata["schema"])
    if strict and "anyOf" in schema:
        first = schema.pop("anyOf")[0]
        if "items" in first and "anyOf" in first["items"]:
            first = {**first, "items": first["items"]["anyOf"][0]}
        schema = {**first, **schema}
    elif strict and "anyOf" in schema.get("items", {}):
        schema["items"] = schema["items"]["anyOf"][0]
    return schema


# The fairness engine's keyword -> the spec key it comes from: a message naming the keyword
# names the spec's flag or key instead, and a Python caller may use either name.
ENGINE_KEYS = {
    "exclude_groups": "groups.exclude",
    "merge_groups": "groups.merge",
    "min_group_size": "policy.min_group_size",
    "min_label_count": "policy.min_labels",
    "di_rule": "policy.di_rule",
    "di_threshold": "policy.di_threshold",
    "eo_threshold": "policy.eo_threshold",
    "intersections": "roles.intersections",
    "n_boot": "policy.n_boot",
    "random_state": "policy.seed",
    "ci": "policy.ci",
    "confidence_level": "policy.confidence_level",
    "pred_a": "roles.y_pred",
    "pred_b": "roles.y_pred",
    "y_true": "roles.y_true",
    "y_score": "roles.y_score",
    "sample_weight": "roles.weight",
    "step": "thresholds.step",
    "audited_threshold": "thresholds.threshold",
    "year": "target.year",
    "states": "target.states",
    "baseline": "gate.baseline",
}


def flag_paths() -> dict[str, str]:
    """``--flag`` -> ``section.key`` for every spec field a command-line option sets."""
    return {  # in the schema's order
        f.metadata["flag"] or "--" + f.name.replace("_", "-"): path
        for path, f in _all_fields()
        if f.metadata["flag"] is not None
    }


def _all_fields() -> list[tuple]:
    """(``section.key``, its field) for every field of every section, in the schema's order."""
    return [(f"{name}.{f.name}", f) for name, kind in _SECTIONS.items() for f in fields(kind)]


# The run a spec is being made for, where the face knows it (``purpose_for``): a refusal of
# its interval method lists only the methods that run takes.
_PURPOSE: ContextVar[str | None] = ContextVar("ethiclens_spec_purpose", default=None)
# The fields a Python caller is giving as keywords (``named_as_called``): field -> keyword.
_KEYWORDS: ContextVar[dict | None] = ContextVar("ethiclens_spec_keywords", default=None)


# The function a Python caller called (``called_as``: audit, compare, run): a keyword it does
# not take is refused naming it, as the array calls' refusal names ``audit()``.
_CALLED: ContextVar[str] = ContextVar("ethiclens_spec_called", default="AuditSpec.of")


@contextmanager
def called_as(function: str):
    """Specs made inside are made by the caller's ``function`` (``audit``, ``run``): a keyword
    it does not take is refused as ``audit() got an unexpected keyword argument ...``."""
    token = _CALLED.set(function)
    try:
        yield
    finally:
        _CALLED.reset(token)


@contextmanager
def purpose_for(purpose: str | None):
    """Specs made inside are made for a ``purpose`` run (audit, compare, thresholds; None:
    the spec's own, :func:`purpose_of_data`), so that a refusal of ``policy.ci`` lists only
    that run's interval methods (``ethiclens compare --ci``, ``threshold_table(..., ci=)``)."""
    token = _PURPOSE.set(purpose)
    try:
        yield
    finally:
        _PURPOSE.reset(token)


def purpose_of_data(data) -> str:
    """The run a spec's data asks for (``ethiclens.run``'s): ``compare`` with two
    ``roles.y_pred``; ``thresholds`` with a ``thresholds`` key off its default, or with a score
    column and no ``y_pred`` (an audit needs predictions; the threshold view draws them from
    the scores), as ``ethiclens thresholds --save-config`` writes it, a benchmark and a counts
    table aside (they bring their own predictions: a benchmark's threshold view is
    ``ethiclens.threshold_table(spec)``); else ``audit``."""
    roles, target, view = (data.get(k) if isinstance(data, dict) else None for k in _PARTS)
    roles, target, view = (p if isinstance(p, dict) else {} for p in (roles, target, view))
    preds = roles.get("y_pred") or ()
    if len([preds] if isinstance(preds, str) else preds) == 2:
        return "compare"
    defaults = ThresholdView()
    if any(
        view.get(k, getattr(defaults, k)) != getattr(defaults, k) for k in ("threshold", "step")
    ):
        return "thresholds"
    bare = not preds and not target.get("dataset") and not target.get("counts")
    return "thresholds" if bare and roles.get("y_score") else "audit"


_PARTS = ("roles", "target", "thresholds")


def asked_options(data) -> frozenset:
    """What request data names that its spec remembers (:func:`with_given`): the benchmark
    options it names, and whether it asks for the threshold view (:func:`view_written`)."""
    return given_options(data) | ({VIEW_ASKED} if view_written(data) else frozenset())


def view_written(data) -> bool:
    """Whether request data (a config file's, a dict given to ``ethiclens.run``) writes a
    ``thresholds`` key, at its default too (the web's threshold view records 0.5): it asks for
    the threshold view, as ``ethiclens thresholds --config`` runs it. Both keys at their
    defaults are a spec written out (``to_dict()``, a report's ``run.spec``: an audit's too),
    read by its values (:func:`purpose_of_data`)."""
    view = data.get("thresholds") if isinstance(data, dict) else None
    if not isinstance(view, dict) or not view.keys() & {"threshold", "step"}:
        return False
    defaults = {"threshold": ThresholdView().threshold, "step": ThresholdView().step}
    return {k: view.get(k) for k in defaults} != defaults


def _refuse_ci(data, where: str) -> None:
    """Refuse ``policy.ci`` outside the methods of the run the spec is made for, in the words
    of that run's check (``AuditOptions.check_ci``): one line on every face."""
    from ..fairness import AuditOptions

    asked, own = _PURPOSE.get(), purpose_of_data(data)  # an audit's with two y_pred: compare
    purpose = own if asked is None or (asked == "audit" and own == "compare") else asked
    # given as a Python keyword (run(..., ci=['bca'])): its fix in that face's words (ci='bca')
    AuditOptions.check_ci(data["policy"]["ci"], purpose, (_KEYWORDS.get() or {}).get("ci", where))


# The sources of a spec that are no file (a message names the file a spec came from).
_NOT_A_FILE = ("command line", "keyword arguments", "spec")


def check_spec_dict(data, source: str = "spec") -> None:
    """Refuse data that does not follow the schema: the first problem, with its key named."""
    _refuse_underflow(data)  # 1e-400 as the file wrote it, not the 0.0 it was read as
    _refuse_decimal_nan(data)  # Decimal('NaN'): the schema's comparison of it would raise
    validator = _validator_class()(spec_schema(strict=True))
    errors = sorted(validator.iter_errors(data), key=_error_order)
    _refuse_0d_text(data, errors[0] if errors else None)  # np.array('bca'): never text
    if not errors:
        _refuse_whole_floats(data)  # n_boot: 100.0, which the schema's "integer" takes
        for where, check in _CHECKS.items():  # what a schema cannot say (NaN)
            section, key = where.split(".")
            value = (data.get(section) or {}).get(key)
            if value is not None:
                _checked(check, value, where)
        # NaN and infinity anywhere else (pos_label): JSON has no spelling for them, so a saved
        # spec holding one could not be read back
        for where, value in float_items(data):
            _refuse_non_finite_value(value, where)
        return
    err = errors[0]
    where = ".".join(str(p) for p in err.path)
    check = _CHECKS.get(where) or _text_check(data, where, err.instance)
    data_given = data_words(err.instance)  # an array: in a few words, never its repr
    unquote = source.lower().endswith((".yaml", ".yml", ".json")) and _unquote_fix(err, where)
    unquote = unquote or _one_value_fix(err, where, source)  # pos_label=[1], from Python too
    if check is not None and not data_given:  # the vocabulary's words, as every face says them
        unquote = _unquoted_fix(check, err.instance, where, unquote)  # "1e3": n_boot: 1000
        _checked(check, err.instance, where, unquote)  # seed: "1" quoted: the file's fix
    if where == "policy.ci" and err.validator == "enum" and not data_given:
        _refuse_ci(data, where)
    # A flag's message names the flag already, a keyword the keyword, data in memory its key
    # (from_dict, replace: "spec" names no file); a file's names the file.
    prefix = "" if source in _NOT_A_FILE else f"{source}: "
    words = schema_words(err.validator, _types_taken(err, where), err.message)
    if err.validator == "minLength":  # jsonschema's "'' should be non-empty" repeats the value
        words = "must not be empty"
    if err.validator == "minItems" and where.startswith("groups.merge."):  # nope=A:B
        _refuse_unknown_merge(data, err.path[2])  # the attribute first, as the run names it
    if where.startswith("roles.intersections"):  # "s*t": the spelling that works, by name
        inter = data["roles"]["intersections"]
        refuse_intersections(inter, _spec_attributes(data), source, prefix, prefix + words)
    if err.validator == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = sorted(set(err.instance) - set(allowed), key=str)
        meant, json_file = _known_path(extra[0], where), source.lower().endswith(".json")
        raise _unknown(extra[0], allowed, "key", where, meant=meant, json=json_file)
    fix = (
        _range_fix(err.schema, err.instance)
        or _choice_fix(err)
        or _text_fix(err, where, source)
        or (err.validator == "minLength" and _empty_fix(where))
        or (err.instance is None and _NULL_FIXES.get(where))
        or (err.validator == "maxItems" and where == "roles.y_pred" and _TWO_MODELS_FIX)
        or (err.validator == "maxLength" and f"shorten it to {err.validator_value:,} characters")
        or unquote
        or _target_fix(err, where)
        or "see docs/config.md (the schema is docs/audit-spec.schema.json)"
    )
    problem = prefix + words + (f", not {data_given}" if data_given else "")
    raise _key_error(problem, where or "spec", fix, None if data_given else err.instance)


# A list field given null (roles.protected: null, Roles(protected=None)): what to give
# instead; leaving it out is its default (no list), as null is for a text field.
_NULL_FIXES = {
    "roles.protected": "give a column's name or a list of names (e.g. [sex, race]), or leave it "
    "out (none; a benchmark audits its own attributes)",
    "roles.y_pred": "give the prediction column's name (two for a comparison), or leave it out "
    "(a benchmark's own model)",
    "roles.intersections": "give a list of combinations (e.g. [[race, sex]]), or leave it out "
    "(none)",
}


# three --y-pred: the two models a comparison takes, said as the field's help says it
_TWO_MODELS_FIX = (
    "give one prediction column, or two (model A, then model B) for a paired comparison"
)


def _target_fix(err, where: str) -> str | None:
    """``target: d.csv`` (the target as the command line gives it): the key it goes under."""
    value = err.instance.strip() if where == "target" and isinstance(err.instance, str) else ""
    plain = all(c.isalnum() or c in "._/-" for c in value)  # else quoted, as YAML reads it
    shown = value if plain else json.dumps(value, ensure_ascii=False)
    try:
        key = target_key(value)
    except EthicLensInputError:  # a registered name that is also a file: either key
        return f"write it under its kind: target: {{dataset: {shown}}} or {{file: {shown}}}"
    return f"write it under its kind: target: {{{key}: {shown}}}" if value else None


def _empty_fix(where: str) -> str:
    """The fix of an empty value at ``where``: the model's and the groups' columns have no
    default to fall back on (leaving --y-pred out is refused too)."""
    return empty_fix(where.rsplit(".", 1)[0] if where[:6] == "roles." else where)


@functools.cache
def _validator_class():
    """The schema's validator, whose enum and const refuse data (a Series, an array: no
    choice is one) rather than compare it with ``==``, whose truth pandas refuses."""
    import jsonschema

    base = jsonschema.Draft202012Validator

    def data_safe(keyword):
        def check(validator, expected, instance, schema):
            if data_words(instance) is not None:
                yield jsonschema.ValidationError(f"is data, not one of {expected!r}")
                return
            try:  # pd.NA compares as NA, whose truth pandas refuses: no choice is it
                yield from list(base.VALIDATORS[keyword](validator, expected, instance, schema))
            except TypeError:
                yield jsonschema.ValidationError(f"{instance!r} is not one of {expected!r}")

        return check

    # A complex number is a numbers.Number, so the default "number" takes 1+2j and its
    # bounds' comparison raises; JSON's numbers are real.
    def real(checker, instance):
        return isinstance(instance, numbers.Real) and not isinstance(instance, bool)

    checks = {k: data_safe(k) for k in ("enum", "const")}
    types = base.TYPE_CHECKER.redefine("number", real)
    return jsonschema.validators.extend(base, checks, type_checker=types)


def _error_order(err) -> tuple:
    """The first schema error to report: the shallowest, then by key; a mapping of keys of two
    types (``exclude={0: ..., "age": ...}``, a frame's integer column) sorts without a
    TypeError, and a list's items by their index (2 before 10)."""
    keys = [(0, p) if isinstance(p, int) else (1, str(p)) for p in err.path]
    return len(err.path), keys


def _types_taken(err, where: str):
    """The rule's value, or for a field's wrong type every type the field takes (its
    shorthands too: ``roles.protected`` is a list, text or a mapping), not the list alone
    the strict schema checks once they are expanded."""
    alternatives = _SCHEMAS.get(where, {}).get("anyOf") if err.validator == "type" else None
    if not alternatives:
        return err.validator_value
    return list(dict.fromkeys(a["type"] for a in alternatives if isinstance(a.get("type"), str)))


def _refuse_unknown_merge(data: dict, attr) -> None:
    """A merge of ``attr`` that the schema refuses for its one group (``nope=A:B``), where
    ``attr`` is none of the protected attributes ``data`` names: refused as the run refuses
    that attribute ("unknown attribute 'nope'", as Python and an exclude of it say), which
    the count of its groups would not fix."""
    given = (data.get("roles") or {}).get("protected") or []
    given = given.split(",") if isinstance(given, str) else given
    given = [p.strip() for p in given if isinstance(p, str)] if isinstance(given, list) else []
    names = [p.partition("=")[0] for p in given] or _spec_attributes(data)
    # each name a value may stand for (spec._parse.attribute_names: 'age>=65=no' is the
    # column 'age>=65', or 'age>', or itself)
    parts = [p.split("=") for p in given]
    known = {"=".join(q[:i]) for q in parts for i in range(1, len(q) + 1)} | set(names)
    if names and str(attr) not in known:
        problem = shortened_quotes(f"unknown attribute {attr!r}")
        raise _key_error(problem, "groups.merge", use_one_of(str(attr), names))


def _spec_attributes(data: dict) -> list[str]:
    """The protected attributes ``data`` names (``COL`` of ``COL=REFERENCE``), else its
    benchmark's; none when unknown before the data is read."""
    from .. import datasets

    protected = (data.get("roles") or {}).get("protected") or []
    names = [p.partition("=")[0] for p in protected if isinstance(p, str)]
    dataset = (data.get("target") or {}).get("dataset")
    entry = datasets.DATASETS.get(dataset) if isinstance(dataset, str) else None
    return names or list(entry.protected if entry else ())


def _refuse_whole_floats(data: dict) -> None:
    """Refuse a whole number written with a decimal point (``n_boot: 100.0``, ``seed: 7.0``,
    JSON's ``1e2``) naming the number to give, when the field takes it; else the field's own
    check refuses it with its range (a fix such as "use e.g. 0" would change the seed)."""
    for where, schema in _SCHEMAS.items():
        types = schema.get("type")
        if "integer" not in (types or ()) or "string" in types:  # model.version: quote it
            continue
        section, key = where.split(".")
        value = (data.get(section) or {}).get(key)
        if not isinstance(value, float):  # a file's text ("200.0") is refused as text
            continue
        check = _CHECKS.get(where)
        own = None if check is None else (lambda n, c=check, w=where: c(n, w))
        refuse_whole_decimal(value, where, own, kind="key")  # the words every face says


def _refuse_decimal_nan(data: dict) -> None:
    """Refuse a ``Decimal('NaN')`` (or sNaN) in the spec, whose comparison with a schema's
    bound raises InvalidOperation: in its field's check's words where it has one, else as a
    float NaN is refused."""
    from decimal import Decimal

    found = [(w, v) for w, v in _leaves(data, "") if isinstance(v, Decimal) and v.is_nan()]
    if not found:
        return
    where, value = found[0]
    field = ".".join(where.split(".")[:2])
    if field in _CHECKS:  # bins: the edges' words, naming groups.bins
        _checked(_CHECKS[field], data[field.split(".")[0]][field.split(".")[1]], field)
    _refuse_non_finite_value(float("nan"), where, value)


def _refuse_0d_text(data: dict, err=None) -> None:
    """Refuse a 0-d numpy array of text (``ci=np.array('jeffreys')``) as a 0-d array of a
    number is refused (its checker's "pass it as a float, not a 0-d numpy array"): anywhere in
    a spec the schema took (a choice's enum takes it: it compares equal), or where ``err``, the
    first schema error, is a text field's refusing it. A number's field given one
    (``di_threshold=np.array('0.8')``) or a choice's typo keeps the schema's words: "pass it
    as text" would be no fix there."""
    where_err = ".".join(map(str, err.path)) if err is not None else ""
    leaves = _leaves(data, "") if err is None else [(where_err, err.instance)]
    for where, value in leaves:
        item = zero_d_item(value)
        if not isinstance(item, str):  # an object array of a number: the schema's words
            continue
        types = _types_taken(err, where) if err is not None else "string"
        if (err is not None and err.validator != "type") or "string" not in types:
            return
        taken = {"roles.y_pred": "a list or text", "roles.protected": "a list or text or a mapping"}
        problem = f"must be {taken.get(where, 'text')}, not a 0-d numpy array"  # as the schema
        raise _key_error(problem, where, pass_item_fix(item), value)


def _leaves(node, where: str):
    """Each value in ``node`` beside its dotted key (a list's item by its index)."""
    items = node.items() if isinstance(node, dict) else ()
    for key, value in enumerate(node) if isinstance(node, list) else items:
        path = f"{where}.{key}" if where else str(key)
        yield from _leaves(value, path) if isinstance(value, dict | list) else [(path, value)]


def _checked(check, value, where: str, fix: str | None = None) -> None:
    """``check(value, where)``, its refusal quoting the number as the file wrote it (``1e400``,
    ``2.10``), not as Python reads it back (``inf``, ``2.1``); ``fix`` (a file's number in
    quotes: write it without) in place of the check's own."""
    try:
        check(value, where)
    except EthicLensInputError as exc:
        text = getattr(value, "yaml_text", None)
        written = text is not None and str(exc.value) == str(value)
        if not (written or fix):
            raise
        value = text if written else exc.value
        raise _refused(exc.problem, exc.column, fix or exc.fix, value, exc.kind) from None


def _refuse_underflow(data) -> None:
    """Refuse a number a file wrote that a double rounds to 0 (``policy.di_threshold:
    1e-400``), naming the key, in every face's words (``underflow_words``): the loader keeps
    the text it was written as (``io.as_written``), so it is not checked as the 0.0 it reads."""
    from ..io import as_written

    for where, value in float_items(data):
        if value != 0:
            continue
        text = as_written(value)
        if is_number_text(text) and underflows(text):
            raise _key_error(underflow_words(text), where, field_fix(where), text)


def field_fix(*names: str, typed: bool = False) -> str:
    """What to give a number field, named by its key (``policy.confidence_level``) or its
    command-line flag (``--confidence-level``): its checker's fix ("e.g. 0.95 (the default)
    or 0.99"), for a refusal of the number as typed (``1e-400``) that must not
    suggest a value the field refuses; :data:`NUMBER_FIX` for a name with no such checker.
    ``typed``: text that is no number (``95%``): "give a number, e.g. 0.95 ..."."""
    paths = flag_paths()
    for name in names:
        if name in _OPTION_FIXES:  # a command's own number option, no spec field
            fix = _OPTION_FIXES[name]
            return f"give a number, {fix}" if typed else fix
        where = paths.get(name, name)
        check, types = _CHECKS.get(where), str(_SCHEMAS.get(where, {}).get("type"))
        if check is None or not {"number", "integer"} & set(re.findall(r"\w+", types)):
            continue
        try:  # a whole-number field (n_boot: 1e-400) refuses a fraction with its own fix
            check(0.0 if "number" in types else 0.5, where)
        except EthicLensInputError as exc:
            return (f"give a number, {exc.fix}" if typed else exc.fix) if exc.fix else NUMBER_FIX
    return NUMBER_FIX


def refuse_field_text(text, names, whole: bool = False, command: str | None = None):
    """Refuse ``text`` that is no number (``--n-boot abc``, the web form's ``1.5`` seed),
    typed for the spec field one of ``names`` sets (its flags, or its ``section.key``), in
    that field's own check's words, with its range, as a config file's ``n_boot: abc`` and a
    Python ``n_boot='abc'`` are refused; named by that name. Nothing for a number's text
    (``whole``: a whole number's; 50.0 and 1e-400 keep their own words) or no spec field.

    ``command``: the command line's command (``ethiclens p2nia experiment``) whose option
    ``names`` is: a check of its own that needs no import of its library (``--workers``)
    refuses the text here. Returns ``text``, as a :class:`~ethiclens.errors.CommandText`
    where ``command`` is given, for the command's own check (its words, never "not str")."""
    given = CommandText(text) if command is not None and isinstance(text, str) else text
    if not isinstance(text, str) or is_number_text(text, whole=whole):
        return given
    paths, own = flag_paths(), " ".join(str(command).split()[1:])  # 'p2nia experiment'
    for name in names:
        where = paths.get(name, name)
        text_check = None if command else _TEXT_CHECKS.get(where)  # a year: once the target's known
        check = _CHECKS.get(where) or text_check or _OPTION_CHECKS.get(name)
        if (check := check or _COMMAND_CHECKS.get((own, name))) is None:
            continue
        try:
            check(text, where)
        except EthicLensInputError as exc:
            kind = None if name.startswith("-") else exc.kind  # a flag: 'option' by its name
            raise _refused(exc.problem, name, exc.fix, text, kind) from None
    return given


# each one's range refusal's fix (monitor.check_request, _checks.check_eta)
_OPTION_FIXES = {"--alpha": ALPHA_FIX, "--eta": ETA_FIX}


def _score_bins(text, where: str):
    """``counts --n-bins``' own check (no spec field: the counts table's bins)."""
    from ..fairness import check_score_bins

    return check_score_bins(text, True, where)


def _acs_year(text, where: str):
    """``target.year``'s words for a value the schema refuses (text: ``--year abc``, ``year:
    ' 2018 '``): the ACS survey years, as a year out of range is refused (``_check_year``)."""
    from ..datasets import check_year

    try:
        return check_year(text)
    except EthicLensInputError as exc:
        raise exc.renamed({"year": where}) from None


# a field checked on the schema's say only: a value of its type is checked when the run is known
# (a year beside compas: refused as unused, not as a survey year), other text in these words
_TEXT_CHECKS = {"target.year": _acs_year}


def _text_check(data, where: str, value):
    """``where``'s :data:`_TEXT_CHECKS` check for ``value``, which the schema refused; a
    benchmark's own key given beside another target (``audit compas --year abc``, a config's
    ``year: abc`` beside ``dataset: compas``) is refused as unused, as the same key given a
    number is (``spec._unused``), not in its benchmark's words."""
    target = data.get("target") if isinstance(data, dict) else None  # 'target: compas' too
    dataset = target.get("dataset") if isinstance(target, dict) else None
    owner, what = _BENCHMARK_KEYS.get(where.removeprefix("target."), (None, None))
    if where in _TEXT_CHECKS and isinstance(dataset, str) and dataset != owner:
        problem, fix = f"{what} exists only for {owner}", f"drop it, or audit {owner}"
        raise EthicLensInputError(problem, column=where, value=value, fix=fix)
    return _TEXT_CHECKS.get(where)


def _favorable(text, where: str):
    """The probes' deprecated ``--favorable`` (0 or 1): a 0 or 1 written with blanks or commas
    (``'1 '``) is told so, with the number to give, as every checked number's text is; other
    text is left to ``favorable_label``'s "must be 0 or 1"."""
    own = partial(check_member, allowed=(0, 1), column=where, problem="must be 0 or 1")
    refuse_whole_decimal(text, where, own)


# a command's own number option that sets no spec field, whose check is the same on every
# command that has it: text that is no number ('--eta abc') is refused in its words and range
_OPTION_CHECKS = {
    "--eta": check_eta,
    "--favorable": _favorable,
    "--n-bins": _score_bins,
    "--alpha": partial(check_fraction, fix=ALPHA_FIX),  # monitor.check_request's
    "--min-cell": partial(check_count, fix="e.g. 10"),  # sources.suppress_small_cells'
}


# a command's own number option whose check differs by command: (its command, its flag); the
# text refused as it is parsed, before the command imports its library (experiments, sklearn)
_COMMAND_CHECKS = {
    (command, "--workers"): lambda text, where: check_workers(text, cli=True)  # all cores
    for command in ("p2nia experiment", "pcer sweep")
}


def _refuse_non_finite_value(value, where: str, given=None) -> None:
    """Refuse ``value`` at the key ``where`` when it is a NaN or an infinity (``given``: as
    the caller gave it, a ``Decimal('NaN')``)."""
    if isinstance(value, float) and not math.isfinite(value):
        problem = "must be a finite number: a spec holds no NaN or infinity (JSON has no "
        shown = value if given is None else given
        raise _key_error(problem + "spelling for them)", where, "give a finite number", shown)


def _range_fix(schema: dict, value=None) -> str | None:
    """'give a value from 100 to 1000000' (or 'between 0 and 1, both excluded') from a field's
    bounds: the one range the CLI, config files and the web form all check. One value (the
    spec's version) is said unquoted, and what ``value`` was instead when not a number."""
    lo, hi = schema.get("minimum"), schema.get("maximum")
    if lo is not None and lo == hi:
        kind = {str: "text", bool: "true or false"}.get(type(value))
        return f"give {lo}" + (f" (a number, not {kind})" if kind else "")
    if lo is not None and hi is not None:
        return f"give a value from {lo} to {hi}"
    xlo, xhi = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    if xlo is not None and xhi is not None:
        return f"give a value between {xlo} and {xhi}, both excluded"
    return None


def _text_fix(err, where: str, source: str) -> str | None:
    """The fix of a number or true/false where text is asked. A file's: 'quote it' (YAML read
    ``version: 2.10`` or ``version: true`` as a number or a boolean, not as the text the user
    meant), quoted as the file wrote it (``"2.10"``, not the number's ``"2.1"``). A Python
    caller's (``AuditSpec.of(json=5)``): the text, not YAML's quotes (a true/false: the
    field's own fix)."""
    from ..io import quote_it_fix

    kinds = [err.validator_value] if isinstance(err.validator_value, str) else err.validator_value
    if err.validator != "type" or "string" not in kinds:
        return None
    if source not in _NOT_A_FILE:
        return quote_it_fix(where.rpartition(".")[2] or "value", err.instance)
    if isinstance(err.instance, bool) or not isinstance(err.instance, int | float):
        return None
    if isinstance(err.instance, LongInteger):  # its shortened text is no name to copy
        return "pass it as text (a str)"
    return f"pass it as text ({str(err.instance)!r})"


def _unquote_fix(err, where: str) -> str | None:
    """The spelling a true/false or number field takes, for a value of another type: ``yes``,
    ``on`` and ``1`` are not YAML 1.2's true; ``"2018"`` in quotes is text, not a number."""
    if err.validator != "type":
        return None
    kinds = [err.validator_value] if isinstance(err.validator_value, str) else err.validator_value
    key = where.rpartition(".")[2] or "value"
    if kinds == ["array"] and isinstance(err.instance, str):  # bins: {age: "0,10"}, as a flag
        items = [i.strip() for i in err.instance.split(",")]
        items = ", ".join(i if is_number_text(i) else json.dumps(i) for i in items)
        return f"write a list: {key}: [{items}]"
    if one := _one_value_fix(err, where, ".yaml"):
        return one
    if "boolean" in kinds:
        return f"write {key}: true or {key}: false (yes, no, on, off and 1 are not true/false)"
    text = err.instance.strip() if isinstance(err.instance, str) else ""
    finite = is_number_text(text) and math.isfinite(float(text))  # NaN: no number unquoted
    if {"integer", "number"} & set(kinds) and finite:
        where = f"the list item {text}" if key.isdigit() else f"{key}: {text}"
        return f"write the number without quotes: {where}"
    return None


def _unquoted_fix(check, text, where: str, unquote):
    """:func:`_unquote_fix` naming a number the key takes unquoted: ``n_boot: "1e3"`` is told
    ``n_boot: 1000`` (1e3 unquoted is refused: 'give 1000'); where the number is refused
    unquoted too (``n_boot: "50"``: at least 100 draws), ``check``'s own fix instead."""
    said = "write the number without quotes: "
    if not (isinstance(unquote, str) and unquote.startswith(said) and isinstance(text, str)):
        return unquote
    text = text.strip()  # a number's text, as _unquote_fix read it
    typed = is_number_text(text, whole=True) or written_float(text) is not None
    number = typed_whole(text) if typed else _keep_text(float(text), text, _TypedFloat)
    try:
        check(number, where)
    except EthicLensInputError as exc:
        if not (exc.problem.startswith(WHOLE_DECIMAL) and str(exc.fix).startswith("give ")):
            return exc.fix  # refused unquoted too: what the key takes
        return unquote.rpartition(text)[0] + str(exc.fix).removeprefix("give ")
    return unquote


def _one_value_fix(err, where: str, source: str) -> str | None:
    """'give one value, not a list: pos_label: 1' for a list or mapping given to a field of
    one value (every face: a file, a keyword, a dict)."""
    kinds = [err.validator_value] if isinstance(err.validator_value, str) else err.validator_value
    if err.validator != "type" or {"array", "object"} & set(kinds):
        return None
    if not isinstance(err.instance, list | dict):
        return None
    key = where.rpartition(".")[2] or "value"
    fix = f"give one value, not a {'list' if isinstance(err.instance, list) else 'mapping'}"
    text = "string" in kinds and "integer" not in kinds
    return fix + _one_item(key, err.instance, text, source)


def _one_item(key: str, given, text: bool, source: str) -> str:
    """``: y_true: y`` for ``y_true: [y]``, the spelling of the list's one item (its first,
    e.g., of several; a number as text for a ``text`` field) as the face writes it: a file's
    YAML (quoted where YAML would read another type: ``"true"``, ``"null"``, ``"0x1F"``), a
    keyword (``y_true='y'``), a dict (``'y_true': 'y'``); nothing for a mapping or an item
    that is no text or finite number (NaN, an int past 4,300 digits: no value to copy)."""
    first = given[0] if isinstance(given, list) and given else None
    if isinstance(first, bool | LongInteger) or not isinstance(first, str | int | float):
        return ""
    if first == "" or (isinstance(first, float) and not math.isfinite(first)):
        return ""
    from ..io import as_written

    first = as_written(first) if text else first  # y_true: [2.10]: "2.10", as the file wrote it
    if source == "keyword arguments":
        shown = f"{key}={first!r}"
    elif source in _NOT_A_FILE:
        shown = f"{key!r}: {first!r}"
    else:  # as YAML reads it back: "2" is text, 2 a number
        shown = f"{key}: {_yaml_text(first) if isinstance(first, str) else first}"
    return f": {shown}" if len(given) == 1 else f", e.g. {shown}"


def _choice_fix(err) -> str | None:
    """'use one of flagged, inconclusive, ...' for a value outside a field's words (after the
    near miss), as the flag's refusal and the engine's keyword's (``Policy(di_rule=...)``)."""
    if err.validator != "enum":
        return None
    choices = [str(v) for v in err.validator_value if v is not None]
    fix = did_you_mean(err.instance, choices) + "use one of " + ", ".join(choices)
    if list(err.path) == ["target", "score"] and not fix.startswith("did"):  # a column meant
        fix += " (which compas model is audited); a file's score column is --y-score"
    return fix


# the engine's keywords a spec field answers to (pred_a/pred_b: the two y_pred, not one)
_ENGINE_NAMES = {
    k: path.partition(".")[2]
    for k, path in ENGINE_KEYS.items()
    if k not in ("pred_a", "pred_b") and k != path.partition(".")[2]
}


# The Python keywords that set spec fields by value: a Policy object (its thresholds and
# floors; pcer_min_group_size is no spec field, and no audit, comparison or threshold view reads
# it) and positive_is_favorable (positive).
_POLICY_FIELDS = ("di_rule", "di_threshold", "eo_threshold", "min_group_size", "min_label_count")
_VALUE_KEYWORDS = ("policy", "positive_is_favorable", "reference")


def keyword_fields(keyword: str, value) -> dict:
    """The spec fields a Python keyword sets (field -> value): a field by its name or the
    engine's (``random_state``: seed), a ``policy=Policy(...)`` its five fields,
    ``positive_is_favorable`` positive. ``policy=None`` sets none (the spec's policy stays)."""
    refuse_role_data(keyword, value)  # weights=array: a column's name, or arrays for all roles
    if keyword in _OWNERS:
        return {keyword: value}
    if keyword == "policy":
        return {} if value is None else _policy_fields(value)
    if keyword == "positive_is_favorable":
        if not isinstance(value, (bool, np.bool_)):
            fix = 'e.g. positive_is_favorable=True (or positive="favorable"/"harmful")'
            raise _argument_error("must be True or False", keyword, fix, value)
        return {"positive": "favorable" if value else "harmful"}
    if keyword in _ENGINE_NAMES:
        return {_ENGINE_NAMES[keyword]: value}
    if keyword in _SECTIONS:
        raise _section_keyword(keyword)
    # in the array calls' words (a TypeError too), naming the function the caller called
    known = sorted([*_OWNERS, *_ENGINE_NAMES, *_VALUE_KEYWORDS])  # label=: y_true, not pos_label
    meant, fix = ROLE_NAMES.get(keyword), _ARRAY_ONLY.get(keyword)
    raise unknown_keyword(_CALLED.get(), keyword, known, meant, fix)


# keywords of the array calls that a target's call does not take, and why
_ARRAY_ONLY = {
    "paired": "paired= is for arrays (compare(y_true, pred_a, pred_b, groups, paired=False)); "
    "a target's two models are compared on the same rows, paired",
}


def _target_text(target) -> str | None:
    """``AuditSpec.of``'s target as text (``str``, ``os.PathLike``); anything else is refused
    naming ``target``, never dropped (the run would then say there is nothing to audit)."""
    if target is None or isinstance(target, str):
        return target
    if isinstance(target, os.PathLike):
        return os.fsdecode(target)
    problem = "must be a benchmark name or a path (str or os.PathLike), not "
    problem += type(target).__name__
    fix = "pass a str or pathlib.Path (AuditSpec.of('compas'), AuditSpec.of(Path('d.csv'))), or "
    fix += "other target keys as keywords (counts=..., db=...); a mapping goes to "
    raise _argument_error(problem, "target", fix + "AuditSpec.from_dict({'target': {...}})", target)


def path_argument(path, argument: str, what: str = "a path (str or os.PathLike)") -> None:
    """Refuse a ``path`` argument that is no path (``None``, a number, bytes), naming it."""
    if not isinstance(path, (str, os.PathLike)):
        problem = f"must be {what}, not {type(path).__name__}"
        raise _argument_error(problem, argument, "pass a str or pathlib.Path", path)
    if isinstance(path, str) and not path.strip():  # '' is no folder '.', ' ' no file ' '
        fix = "give the path of a YAML or JSON spec file (e.g. audit.yaml)"
        raise _argument_error("must not be empty", argument, fix, path)
    try:
        _check_path(os.fspath(path), argument)
    except EthicLensInputError as exc:
        raise _argument_error(exc.problem, argument, exc.fix, exc.value) from None


def _section_keyword(section: str) -> EthicLensInputError:
    """``AuditSpec.of(gate=...)``: a section is not one keyword; its fields are, or
    ``replace`` sets the section."""
    names = [f.name for f in fields(_SECTIONS[section])][:4]
    fix = f"give its fields as keywords ({', '.join(f'{n}=...' for n in names)}), or "
    fix += f"AuditSpec.of(...).replace({section}={{...}})"
    return _argument_error("is a section of the spec, not a keyword of AuditSpec.of", section, fix)


def _policy_fields(policy) -> dict:
    from ..fairness import Policy

    if not isinstance(policy, Policy):
        fix = "pass ethiclens.Policy(...), or give its fields as keywords (di_threshold=0.9)"
        raise _argument_error("must be an ethiclens.Policy", "policy", fix, type(policy).__name__)
    return {_ENGINE_NAMES.get(f, f): getattr(policy, f) for f in _POLICY_FIELDS}


def _set_twice(key: str, first: str, second: str) -> EthicLensInputError:
    """Two keywords of one call set the field ``key``: which should win is the caller's call."""
    problem = f"sets {key} twice (as {first} and as {second})"
    if "policy" in (first, second):
        other = second if first == "policy" else first
        name = next((k for k, v in _ENGINE_NAMES.items() if v == key), key)
        fix = f"give {key} once: in the Policy (Policy({name}=...)), or as {other}= without policy="
        # a Policy sets every field, those left at their defaults too
        problem = (
            f"policy= and {other}= both set {key} (a Policy carries all its fields, defaults too)"
        )
    else:
        fix = f"give one of {first}= and {second}="
    return _argument_error(problem, second, fix)


def _known_path(key, section: str) -> str | None:
    """The spec key an unknown ``key`` of ``section`` ("" at the top) stands for: a field of
    another section (``policy.fail_on``: ``gate.fail_on``), or a name a face takes for a field,
    the Python keyword or the flag (``policy.random_state``: ``policy.seed``;
    ``groups.merge_groups``: ``groups.merge``)."""
    key = str(key)
    if section == "roles" and key in ROLE_NAMES:  # the role meant, not the nearest spelling
        return f"roles.{ROLE_NAMES[key]}"
    if _OWNERS.get(key, section) != section:
        return f"{_OWNERS[key]}.{key}"
    names = {**ENGINE_KEYS, "positive_is_favorable": "roles.positive"}
    names |= {"random_seed": "policy.seed", "report": "outputs.html"}  # common other names
    names |= {flag.lstrip("-").replace("-", "_"): path for flag, path in flag_paths().items()}
    return names.get(key.replace("-", "_"))


def _unknown(
    key, allowed, what: str, where: str = "", meant=None, json: bool = False
) -> EthicLensInputError:
    """The refusal of an unknown ``key`` of ``where``: a near miss of ``allowed`` or the key
    ``meant`` suggested, and the valid keys (``json``: a JSON file's, which has no YAML merge
    key to name)."""
    full = f"{where}.{key}" if where else str(key)
    hint = did_you_mean(str(key), allowed)
    if where:  # a near miss named as docs/config.md names keys (target.table), as meant is
        hint = hint.replace(" '", f" '{where}.", 1)
    hint = f"did you mean {meant!r}? " if meant else hint
    section, dot, field = str(key).partition(".")
    if dot and section in allowed:  # the docs' dotted name, written as one key
        hint = f"a dotted name is not read as one key: nest it ({section}: {{{field}: ...}}); "
    if key == "<<" and what == "key" and not json:  # YAML's merge key (a keyword: no config's)
        hint = "a config does not use YAML merge keys (<<): write the keys out in full; "
    fix = f"{hint}valid: {', '.join(sorted(map(str, allowed)))}"
    refusal = _key_error if what == "key" else _argument_error  # "section": replace()'s keyword
    return refusal(f"unknown {what}", full, fix)


def _unknown_section(key: str) -> EthicLensInputError:
    """``replace``'s refusal of a keyword naming no section, in every unknown keyword's words
    (``AuditSpec.of``'s): the section it is near (``polcy``: ``policy``), else the section of
    the field it is or is near (``n_bot=5``: ``policy={'n_boot': ...}``), else the sections."""
    sections = list(_SECTIONS)
    if difflib.get_close_matches(key, sections, n=1):
        return unknown_keyword("AuditSpec.replace", key, sections)
    field = key if key in _OWNERS else _ENGINE_NAMES.get(key) or ROLE_NAMES.get(key)
    near = [field] if field in _OWNERS else difflib.get_close_matches(key, list(_OWNERS), n=1)
    fix = f"did you mean {_OWNERS[near[0]]}={{{near[0]!r}: ...}}?" if near else None
    return unknown_keyword("AuditSpec.replace", key, sections, fix=fix)


def _refuse_version(version, source: str, key: str = "version", shown=None) -> None:
    """Refuse a version no spec of this EthicLens has: a float (the schema's "integer" takes
    1.0; n_boot: 100.0 is refused too), or one from a newer EthicLens (a 5,000-digit one too,
    which the schema's own message could not write)."""
    problem = None
    if isinstance(version, float):
        problem, fix = "must be a whole number", f"write version: {SPEC_VERSION}"
        problem = problem if source in _NOT_A_FILE else f"{source}: {problem}"
    elif isinstance(version, int) and not isinstance(version, bool) and version > SPEC_VERSION:
        from .._version import __version__

        given = "the spec" if source in _NOT_A_FILE else source  # not "spec is spec version"
        problem = f"{given} is spec version {shown_int(version)}, from a newer EthicLens; "
        problem += f"this one ({__version__}) reads version {SPEC_VERSION}"
        fix = "upgrade ethiclens (pip install -U ethiclens), or write a version 1 spec"
    if problem:  # a key ("version" is one)
        raise _key_error(problem, key, fix, version if shown is None else shown)


def _normalise(data, source: str) -> dict:
    """Checks that need no schema (a mapping, the version) and the shorthand forms: a single
    ``y_pred`` string, ``protected`` as a mapping, intersections as ``"A,B"``."""
    if not isinstance(data, dict):  # data in memory (a file holding a list: refused as read)
        given = data_words(data) or ("None" if data is None else f"a {type(data).__name__}")
        problem = f"a spec is a mapping of sections, not {given}"
        fix = "pass a dict of sections: AuditSpec.from_dict({'target': {...}, 'roles': {...}})"
        raise _argument_error(problem, "data", fix)
    if "schema_version" in data and isinstance(data.get("run"), dict):  # a report's JSON
        given = "the data" if source == "spec" else source
        problem = f"{given} is a JSON report of EthicLens, not a spec"
        fix = "give its request: the report's run.spec (its HTML report's Run record holds it as "
        fix += "YAML) saved as a file; a report to gate against is a baseline (gate.baseline)"
        raise _argument_error(problem, "data", fix)  # the data as a whole: no key of it
    data = with_empty_sections(_plain(_numbers_as_read(data)))  # a copy, as plain data
    key, version = "version", data.get("version", SPEC_VERSION)
    if "version" not in data and _schema_version(data.get("$schema")):  # audit-spec-v2.json
        key, version = "$schema", _schema_version(data["$schema"])
    _refuse_version(version, source, key, data.get(key, version))
    roles = data.get("roles")
    if isinstance(roles, dict):
        if isinstance(roles.get("y_pred"), str):
            roles["y_pred"] = [roles["y_pred"]]
        if isinstance(roles.get("protected"), dict | str):
            roles["protected"] = protected_entries(roles["protected"])
        inter = roles.get("intersections")
        if isinstance(inter, list):
            roles["intersections"] = [
                [s.strip() for s in i.split(",")] if isinstance(i, str) else i for i in inter
            ]
    target = data.get("target")
    if isinstance(target, dict):
        target["states"] = _states(target.get("states"))
        if target["states"] is None:
            del target["states"]
    return data


def _schema_version(schema) -> int | None:
    """The spec version a ``$schema`` URL of ours names (``.../audit-spec-v2.json``: 2), for a
    file that gives no ``version``; None for any other value (a path to the schema file)."""
    import re

    if not isinstance(schema, str):
        return None
    found = re.search(r"audit-spec-v([0-9]{1,6})\.json$", schema)
    return int(found.group(1)) if found else None


def with_empty_sections(data):
    """``data`` (a spec's mapping) with each section left null read as empty (its defaults):
    ``policy:`` with every key commented out is YAML's null, not a mistake to refuse."""
    if not isinstance(data, dict):
        return data
    return {k: {} if v is None and k in _SECTIONS else v for k, v in data.items()}


def _states(states):
    """ACS states as every face records them (upper case, sorted, each once: the same states
    are the same audit, so a baseline made with ``CO,NE`` fits a run with ``ne,co``); a
    value of another type is left to the schema."""
    texts = isinstance(states, list | tuple) and all(isinstance(s, str) for s in states)
    if texts or isinstance(states, str):
        from ..datasets import acs_states

        try:
            return acs_states(states)
        except EthicLensInputError as exc:
            raise exc.renamed({"states": "target.states"}) from None
    return states


def _with_reference(column, group) -> str:
    """``COL=REFERENCE`` of a ``protected`` mapping's entry (``COL`` when the group is null);
    the group is one value as the column holds it (the schema's types)."""
    if prints_blank(str(column)):  # {'': a} is no column; as '="a"' it would read as one
        fix = "name the column as the key: {COL: REFERENCE}, e.g. {race: White}"
        raise _key_error("must not be empty", "roles.protected", fix, {column: group})
    if group is None:
        return str(column)
    _refuse_non_finite_value(group, f"roles.protected.{column}")  # never the text "nan"
    if not isinstance(group, str | int | float | bool):
        fix = f"give the group as the column holds it, e.g. {column}: 2 (or null: the default)"
        problem = "a reference group is one value (text or a number)"
        raise _key_error(problem, f"roles.protected.{column}", fix, group)
    # Quoted, the entry is read as written: its spaces kept, and never taken for a column
    # whose own name is COL=REFERENCE (parse_protected matches a whole column name first).
    return f"{column}={in_quotes(group)}"  # a '"' or '\\' escaped, as parse_protected reads it


def read_spec_file(path, flag: str = "--config") -> dict:
    """Parsed YAML/JSON of a spec file (size-checked before parsing)."""
    from ..io import read_config_file

    data = read_config_file(path, flag, what="YAML or JSON spec")  # blank: "is empty"
    if data is not None and not isinstance(data, dict):  # named where the file was given
        kind = "a list" if isinstance(data, list) else "a single value"
        problem = f"{Path(path).name} holds {kind}, not a spec: a spec is a mapping of sections"
        fix = "start the file with sections such as target:, roles:, policy:"
        raise EthicLensInputError(problem, column=flag, fix=fix)
    return {} if data is None else data


def _freeze(value):
    """A section's value as the frozen spec holds it: lists as tuples, mappings as
    :class:`FrozenDict` (a copy, whatever the caller keeps changing), numpy scalars as Python's."""
    return _rebuilt(value, tuple, FrozenDict)


def _plain(value):
    """Tuples back to lists and numpy scalars to Python's (JSON/YAML data, what the schema
    checks: ``n_boot=np.int64(300)`` is the whole number 300); containers are copied."""
    return _rebuilt(value, list, dict)


def _numbers_as_read(data: dict) -> dict:
    """Numbers as ``ethiclens.audit`` reads them: a numpy float32 or float16 policy setting
    (``confidence_level=np.float32(0.9)``) as the number it prints as, 0.9, not
    0.8999999761581421; bin edges given as a numpy array (``np.linspace(0, 120, 4)``) as the
    list of its numbers, a float32 edge as it prints (65.1, as the engine labels its bin)."""
    narrow = (np.float32, np.float16)
    out, policy, groups = dict(data), data.get("policy"), data.get("groups")
    if isinstance(policy, dict):
        out["policy"] = {
            k: printed_float(v) if isinstance(v, narrow) else v for k, v in policy.items()
        }
    bins = groups.get("bins") if isinstance(groups, dict) else None
    if isinstance(bins, dict):
        out["groups"] = {**groups, "bins": {k: _edges_as_read(v) for k, v in bins.items()}}
    return out


def _edges_as_read(edges):
    """Bin edges as the engine reads them (:func:`~ethiclens._text.printed_floats`): a 1-d
    numeric numpy array as a list; any other value as it is (refused by the schema)."""
    from .._text import printed_floats

    if isinstance(edges, np.ndarray) and edges.ndim == 1 and edges.dtype.kind in "iuf":
        return np.asarray(printed_floats(edges)).tolist()
    if not isinstance(edges, list | tuple):
        return edges
    narrow = (np.float32, np.float16)
    return [
        float(printed_floats(np.asarray([e]))[0]) if isinstance(e, narrow) else e for e in edges
    ]


def _rebuilt(value, sequence: type, mapping: type):
    """``value`` with every list or tuple in it made a ``sequence``, every dict a ``mapping``
    (copies) and numpy scalars Python's."""
    if isinstance(value, (list, tuple)):
        return sequence(_rebuilt(v, sequence, mapping) for v in value)
    if isinstance(value, dict):  # a key too: {10**5000: a} is named, never str()-ed
        return mapping({_long(k): _rebuilt(v, sequence, mapping) for k, v in value.items()})
    if isinstance(value, np.generic):
        return value.item()
    return _long(value)


def _long(value):
    """n_boot=10**5000 (or such a mapping key): a stand-in every range refuses, shown
    shortened (str() of the int raises); any other value as it is."""
    return LongInteger.of(value) if beyond_text_limit(value) else value


# ``section.key`` -> the field's checker, for every field that declares one
_CHECKS = {path: f.metadata["check"] for path, f in _all_fields() if f.metadata["check"]}
_SCHEMAS = {path: f.metadata["schema"] for path, f in _all_fields()}


def protected_entries(protected) -> list:
    """``protected`` as a list of ``COL``/``COL=REFERENCE`` entries: one string is one
    attribute, a mapping ``{COL: REFERENCE or None}`` one entry per column (as a spec reads
    them)."""
    if isinstance(protected, str):
        return [protected]
    if isinstance(protected, dict):
        return [_with_reference(col, group) for col, group in protected.items()]
    return list(protected or ())


def referenced(reference, protected, stored) -> list:
    """The protected entries with ``reference``'s groups (``{attribute: group}``, or one group
    for one attribute, as the engine takes it): the keyword ``protected`` (else the spec's)
    with ``COL="GROUP"`` for each attribute named. A reference the keyword ``protected``
    already gives, or one for no attribute it names, is refused."""
    entries = protected_entries(protected) if protected is not None else list(stored)
    if reference is None:
        return entries
    names = [_entry_name(e, ()) for e in entries]
    if not isinstance(reference, dict):
        if len(entries) != 1:
            problem = "several attributes need a reference per attribute"
            if not entries:
                problem = "one group needs the attribute it belongs to"
            fix = "pass a dict {attribute: reference group}"
            raise _argument_error(problem, "reference", fix, reference)
        reference = {names[0]: reference}
    reference = {str(k): v for k, v in reference.items()}
    if not entries:
        return [_with_reference(col, group) for col, group in reference.items()]
    out = []
    for entry in entries:
        col = _entry_name(entry, reference)
        if col not in reference:
            out.append(entry)
            continue
        if col != entry and protected is not None:  # protected="race=b", reference={"race": ...}
            problem = f"sets the reference group of {col!r} twice (as protected={entry!r} and as "
            problem += f"reference={{{col!r}: {reference[col]!r}}})"
            fix = f"give it once: protected={col!r} with reference=, or protected={entry!r} alone"
            raise _argument_error(problem, "reference", fix)
        out.append(_with_reference(col, reference[col]))
    unknown = [col for col in reference if col not in map(str, [*names, *entries])]
    if unknown:
        fix = f"add it to protected, or use names from {names_words(map(str, names))}"
        problem = "reference given for an attribute that is not protected"
        raise _argument_error(problem, "reference", fix, unknown[0])
    return out


def _entry_name(entry, reference) -> str:
    """The column of a ``COL``/``COL=REFERENCE`` entry: the whole entry when ``reference`` names
    it (a column whose name holds "="), else the text before its first "="."""
    entry = str(entry)
    return entry if entry in reference else entry.partition("=")[0].strip()


# -- a refusal in the Python caller's words ------------------------------------------------
@contextmanager
def named_as_called(params, kwargs, target: str | None = None, spec_given: bool = False):
    """An error about a parameter names it as the Python caller wrote it ("argument
    'random_state'"), not as a config key ("key 'policy.seed'"), a flag ("option '--seed'") or
    the engine's keyword ("column 'exclude_groups'"). A key the caller did not pass came from
    their spec file and is named as its key there; a bad target given as a name or path
    (``run("compass")``) names the argument ``target`` that held it. A flag in the error's
    words is named as the keyword that sets it, or, with ``spec_given`` (the caller's spec: a
    dict, a file), as its key there."""
    # the engine's keyword names too (random_state: seed; model A and B have no alias)
    passed = {k: k for k in kwargs} | {_ENGINE_NAMES[k]: k for k in kwargs if k in _ENGINE_NAMES}
    token = _KEYWORDS.set(passed)
    try:
        yield
    except EthicLensInputError as exc:
        raise _in_python_words(exc, params, passed, target, spec_given, kwargs) from None
    finally:
        _KEYWORDS.reset(token)


def _in_python_words(exc, params, passed: dict, target, spec_given, kwargs=None):
    """``exc`` naming what the caller wrote; every flag in its words named as the keyword
    that sets it ("drop --bins" becomes "drop bins": ``run`` and ``AuditSpec.of`` take each
    field by name) or, when the caller gave a spec (a dict, a file), as its key there."""
    words = {}
    for flag, path in flag_paths().items():
        field_name = path.rpartition(".")[2]
        words[flag] = passed.get(field_name, path if spec_given else field_name)
    column = str(exc.column)
    data = exc.kind == "column"  # a data column named like a target (TARGET) stays one
    flag, _, url = column.partition(" ")  # '--db URL' (masked), '--db-env NAME': a database
    if flag in ("--db", "--db-env") and url and not data:
        name = words[flag]  # a spec's key keeps what it held; a keyword is the caller's own
        key = "." in name
        return exc.renamed(
            {column: f"{name} {url}" if key else name}, "key" if key else "argument", words
        )
    if spec_given and column == "TARGET" and not data:  # the caller's spec names no target
        return exc.renamed({column: "target"}, "key", words)
    # audit_counts("c.csv"): the table's --counts, unless the counts keyword replaced it
    held = column in _TARGET_NAMES and not data or (column == "--counts" and "counts" not in passed)
    if target and held:
        return exc.renamed({column: target}, "argument", words)
    if exc.kind == "column" and column in params:  # the engine's own argument
        return exc.renamed({column: column}, "argument", words)
    path = _spec_path(exc)
    if path is None:  # flags of no one key ("--y-pred/--protected"), or none at all
        pieces = {p: words[p] for p in column.split("/") if p in words}
        keys = pieces and all("." in name for name in pieces.values())  # all from the spec
        kind = ("key" if keys else "argument") if pieces else None  # a column: still one
        return exc.renamed(pieces, kind or ("column" if exc.kind == "column" else None), words)
    if "/" in path and target:  # keys joined (two targets): each as given, run('d.csv', db=)
        named = {
            p: passed.get(p[7:]) or (target if p in _TARGET_NAMES else p) for p in path.split("/")
        }
        return exc.renamed(named, "argument", words)
    if inside := _inside_keyword(path, passed, kwargs or {}):  # exclude_groups={'g': 'A'}
        return exc.renamed({column: inside}, "argument", words)
    name = path.rpartition(".")[2]
    if path.startswith("roles.protected."):  # a reference group: the keyword that gave it
        name = "reference" if "reference" in passed else "protected"
    elif path.startswith(("roles.y_pred.", "roles.intersections.")):  # an item of a list given
        name = path.split(".")[1]
    if name in passed:
        return exc.renamed({column: passed[name]}, "argument", words)
    if exc.kind == "key":
        return exc.renamed({}, None, words)
    if not spec_given and exc.kind == "option":  # a target's run: every field is a keyword
        return exc.renamed({column: name}, "argument", words)
    return exc.renamed({column: path}, "key", words)


def _inside_keyword(path: str, passed: dict, kwargs: dict) -> str | None:
    """A key inside the mapping a Python keyword gave (``groups.exclude.g`` of
    ``exclude_groups={'g': 'A'}``) as the caller writes it, ``exclude_groups['g']``; None for
    another key. A list's item is an index (``bins['age'][1]``, ``merge['g']['X'][0]``). The
    keys are read off the value given, so a name holding a dot is one key (``['a.b']``)."""
    field, _, inner = path.partition(".")[2].partition(".")
    keyword = passed.get(field) if path.startswith("groups.") and inner else None
    if keyword is None:
        return None
    node, shown = kwargs.get(keyword), keyword
    while inner:
        text = inner.partition(".")[0]
        keys = (
            [k for k in node if inner == str(k) or inner.startswith(f"{k}.")]
            if isinstance(node, dict)
            else []
        )
        if keys:  # the longest key given that the path starts with
            key = max(keys, key=lambda k: len(str(k)))
            text = str(key)
        else:  # a list's item, or past what was given: its index, else the path's piece
            key = int(text) if text.isdigit() else text
        node = node[key] if isinstance(node, dict | list | tuple) and key in _keys(node) else None
        shown, inner = shown + f"[{key!r}]", inner[len(text) + 1 :]
    return shown


def _keys(node) -> range | dict:
    return node if isinstance(node, dict) else range(len(node))


# What a refusal of the target itself is called (by the library, the CLI); a refusal of a
# file's content names the column, not these.
_TARGET_NAMES = ("TARGET", "target.file", "target.dataset", "target.counts")

# The engine's keywords a spec call's error may name for a spec key (a role's keyword, y_true,
# is also a column's name there, and stays one).
_SETTINGS = ("groups.", "policy.", "roles.intersections", "thresholds.")


def _spec_path(exc: EthicLensInputError) -> str | None:
    """The spec key an error names, whichever face's name it uses (a key, a command-line
    flag, an engine keyword), or None."""
    column = str(exc.column).split("[")[0]
    if exc.kind == "key":
        return column
    if exc.kind == "option":
        return flag_paths().get(column)
    path = ENGINE_KEYS.get(column) if exc.kind == "column" and column not in exc.in_data else None
    return path if path and path.startswith(_SETTINGS) else None
