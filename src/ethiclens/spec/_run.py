"""``run(spec)``: load the target, edit groups, build the policy and audit, compare or draw the
threshold view; every result carries its run record (time, version, input fingerprint, spec)."""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
import os
import re
from dataclasses import fields

from .._checks import check_level_draws, choice_error
from ..errors import EthicLensInputError
from ._names import columns_named, pos_label_named
from ._spec import (
    AuditSpec,
    Target,
    _argument_error,
    _key_error,
    _refused,
    called_as,
    keyword_fields,
    method_named,
    named_as_called,
    path_argument,
    purpose_for,
    purpose_of_data,
    recorded_request,
    referenced,
    refuse_not_spec,
    target_key,
)
from ._target import (
    MODEL_ROLES,
    Loaded,
    _unknown_target,
    edits_resolved,
    refuse_missing_input,
    refuse_written_apart,
)
from ._target import loaded_target as load_target  # the faces' words (flags)
from ._unused import VIEW_ASKED, check_used, with_given

DEFAULT_DRAWS = {"audit": 2000, "compare": 1000, "thresholds": 1000}


def as_spec(spec) -> AuditSpec:
    """An ``AuditSpec`` from a spec, a dict, a path to a YAML/JSON file or a target name."""
    if isinstance(spec, AuditSpec):
        return spec
    if isinstance(spec, dict):
        try:
            return AuditSpec.from_dict(spec)
        except EthicLensInputError as exc:  # the dict as a whole (a report's): the argument
            if (exc.column, exc.kind) != ("data", "argument"):
                raise
            problem, fix = exc.problem, exc.fix
            raise EthicLensInputError(problem, column="spec", fix=fix, kind="argument") from None
    if is_target(spec):
        return AuditSpec._of(spec)  # a pathlib.Path stays one: a file, never a dataset
    what = "an AuditSpec, its dict, a YAML/JSON spec file or a target (str or os.PathLike)"
    module = type(spec).__module__
    if type(spec).__name__ == "DataFrame" and module.startswith(("dask", "pyspark")):
        frame = "sdf" if module.startswith("pyspark") else "ddf"
        raise EthicLensInputError(
            f"must be {what}, not a {'Spark' if frame == 'sdf' else 'Dask'} DataFrame",
            column="spec",
            kind="argument",
            fix="audit it by its columns' names, counted on the cluster: ethiclens.audit_frame("
            f"{frame}, y_pred='p', protected='g', y_true='y')",
        )
    if spec is None:  # run(table=..., y_pred=...): a target keyword names it too
        problem = f"must be {what}, not NoneType"
        fix = "pass a spec or a target (run('compas'), run('d.csv', ...)), or name the target "
        fix += "by keyword: file=, dataset=, counts=, db= or db_env="
        raise EthicLensInputError(problem, column="spec", fix=fix, kind="argument")
    path_argument(spec, "spec", what)
    return AuditSpec.from_file(str(spec), argument="spec")


def is_target(spec) -> bool:
    """Whether ``spec`` is a target as on the command line (a benchmark name, a data path),
    not a spec object or a YAML/JSON spec file."""
    if not isinstance(spec, (str, os.PathLike)):
        return False
    text = str(spec).lower()
    if text.endswith((".yaml", ".yml", ".toml")):  # no data file's type: refused as --config
        return False
    # the file read by its own name (Spec.json is not spec.json on most file systems)
    spec_file = text.endswith(".json") and target_key(text) == "file" and _is_spec_file(str(spec))
    return not spec_file


# a spec's target key in JSON: null, a name, or an object of the target's keys
_TARGET_KEYS = "|".join(f.name for f in fields(Target))
_TARGET_WORDS = frozenset(("dataset", "file", "counts", "db", "db_env"))  # run()'s keywords
_TARGET_ARGS = ("file", "dataset", "counts")  # those a refusal of the target itself names
_SPEC_TARGET = re.compile(r'"target"\s*:\s*(null|"|\{\s*(\}|"(' + _TARGET_KEYS + r')"))')


def _is_spec_file(path: str) -> bool:
    """Whether a .json file is a spec (an object with a top-level ``target``), decided from at
    most a config file's size read once: a smaller file whole, as --config parses it; a larger
    one (a data table, or a spec --config refuses for its size) by its opening's top-level
    keys, so a JSON table of gigabytes is never parsed twice."""
    import json

    from .._checks import MAX_CONFIG_BYTES

    try:
        with open(path, "rb") as fh:
            head = fh.read(MAX_CONFIG_BYTES + 1)
    except OSError:
        return False
    whole = len(head) <= MAX_CONFIG_BYTES
    try:  # as --config reads it: a byte-order mark is no JSON error there
        text = _decoded(head, whole)
        if not whole:
            return _top_level_target(text)
        data = json.loads(text)
    except UnicodeDecodeError:
        return False
    except ValueError:  # a spec object with a slip (a trailing comma): its parse error, as
        # --config gives it (pandas reads such a table, whose columns are no spec's target)
        return text.lstrip().startswith("{") and _SPEC_TARGET.search(text) is not None
    except RecursionError:  # nested past what a parser follows: refused as --config refuses it
        return True
    if isinstance(data, dict) and "schema_version" in data and isinstance(data.get("run"), dict):
        return True  # a report: refused as one, as --config refuses it, never read as a table
    return isinstance(data, dict) and "target" in data and not _column_table(data)


def _column_table(data: dict) -> bool:
    """Whether ``data`` is a table as pandas writes one (``df.to_json()``: each column an
    object of the same row labels) whose column ``target`` holds no spec's target key, not a
    spec: every face reads it as the data table the command line reads."""
    columns = list(data.values())
    if len(columns) < 2 or not all(isinstance(c, dict) and c for c in columns):
        return False  # a spec's empty target, or its one section, is refused as a spec's
    names = {f.name for f in fields(Target)}
    return all(c.keys() == columns[0].keys() for c in columns) and not names & set(data["target"])


def _decoded(head: bytes, whole: bool) -> str:
    """``head`` as UTF-8 text; a file's opening (not ``whole``) may end inside a character."""
    try:
        return head.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if whole or exc.start < len(head) - 3:
            raise
        return head[: exc.start].decode("utf-8-sig")


# a JSON string, or a structural character (numbers, true/false/null and spaces between)
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]')


def _top_level_target(text: str) -> bool:
    """Whether the opening ``text`` of a JSON document is an object whose own keys (not a
    nested object's) include ``target`` before the text ends."""
    import json

    if not text.lstrip().startswith("{"):
        return False
    depth, previous, start = 0, None, 0
    for token in _JSON_TOKEN.finditer(text):
        word = token.group()
        if word in ("{", "["):
            depth += 1
        elif word in ("}", "]"):
            depth -= 1
            if depth == 0:
                return False
        elif word == ":" and depth == 1 and previous is not None and previous.startswith('"'):
            with contextlib.suppress(ValueError):
                if json.loads(previous) == "target":  # a spec's (not a table's column)
                    return _SPEC_TARGET.match(text, start) is not None
        previous, start = word, token.start()
    return False


@functools.cache
def _python_words() -> dict:
    """Each flag as a Python call names it, as its refusals do (``named_as_called``): the
    engine's keyword of its spec key (``--exclude-group``: ``exclude_groups``), else the key's
    field. A result's notes say it so (``fairness.in_face_words``)."""
    from ._spec import ENGINE_KEYS, flag_paths

    keyword = {path: k for k, path in ENGINE_KEYS.items()}
    return {f: keyword.get(p, p.rpartition(".")[2]) for f, p in flag_paths().items()}


def _said_as_called(result):
    """``result`` whose notes speak the Python call's words, not the command line's."""
    from ..fairness import in_face_words

    return in_face_words(result, _python_words())


def run(spec=None, **options):
    """Run an audit request: ``ethiclens.run(spec)``.

    ``spec``: an :class:`AuditSpec`, its dict, a YAML/JSON spec file, or a target (a benchmark
    name or a data path); keyword ``options`` set fields (``n_boot=500``, ``protected=[...]``)
    as in :meth:`AuditSpec.of`; one field set by two keywords (``seed`` and ``random_state``)
    is refused. Without ``spec``, a target keyword names the target, a database too
    (``run(db_env="AUDIT_DB", table="preds", y_pred="pred", protected="race")``).

    The spec says which run it is (:func:`purpose_of`): two ``y_pred`` columns compare models (a
    ``ModelComparison``); a threshold view's spec (a ``thresholds`` key set, or a score column
    and no ``y_pred``, as ``ethiclens thresholds --save-config`` writes it; a dict, a spec file
    or a keyword that writes ``threshold`` or ``step``, at its default too, as the web's
    threshold view writes its config: ``ethiclens thresholds --config`` runs it) draws the
    ``ThresholdTable``; otherwise an ``AuditResult``. The result's ``run`` record says what was
    read.

    ``run`` writes no file: a report keyword (``html=``, ``json=``, ``model_card=``, ...) is
    refused, naming the result's method that writes it (``result.to_html(path)``); the
    command line writes a spec's ``outputs``.
    """
    # a refusal names the keyword as the caller wrote it, and a bad target the argument
    # no spec but a target keyword (db=, file=, ...): the keywords are the request
    by_keywords = spec is None and not _TARGET_WORDS.isdisjoint(options)
    given = not by_keywords and not is_target(spec)
    # a bad target is named by what held it: 'spec', or the keyword (run(file='nope.csv'))
    held = next((k for k in _TARGET_ARGS if k in options), "spec") if by_keywords else "spec"
    with named_as_called((), options, None if given else held, spec_given=given):
        with called_as("run"):  # run(..., confidence=): named run()
            spec = with_options(AuditSpec._of() if by_keywords else as_spec(spec), options)
        runner = {"compare": run_compare, "thresholds": run_thresholds}
        purpose = purpose_of(spec)  # a view asked for at 0.5 too (spec.view_asked)
        with models_by_role():
            result = runner.get(purpose, run_audit)(spec)
    warn_outputs_unwritten(spec, purpose)
    return _said_as_called(result)  # its notes in a Python call's words, as audit()'s


@contextlib.contextmanager
def models_by_role():
    """A refusal naming the engine's keyword of model A or B (``pred_a``, ``pred_b``: "model
    B's predictions are identical to model A's") named by the spec's role that gave both,
    ``roles.y_pred``, which a Python caller's words then name (argument 'y_pred', or the key
    of their spec file), as the command line names it (option '--y-pred', key 'roles.y_pred')
    and never "column 'pred_b'"; a data column so named stays that column. The web app, whose
    form has a field for model B, keeps the engine's name."""
    try:
        yield
    except EthicLensInputError as exc:
        engine = exc.kind == "column" and str(exc.column) in ("pred_a", "pred_b")
        if not engine or exc.column in exc.in_data:
            raise
        raise exc.renamed({str(exc.column): "roles.y_pred"}, "key") from None


def warn_outputs_unwritten(spec: AuditSpec, purpose: str) -> None:
    """A spec's ``outputs`` (the command line writes them) said unwritten by ``run``, with how
    to write each from the result: a config shared with the command line asks for files, and
    none appearing without a word would look like lost work."""
    asked = {f.name: getattr(spec.outputs, f.name) for f in fields(spec.outputs)}
    asked = {k: v for k, v in asked.items() if v and v != "-"}
    if not asked:
        return
    import warnings

    from .._secrets import mask_secrets

    how = "; ".join(OUTPUT_WRITERS[k].format(path=repr(v)) for k, v in asked.items())
    keys = ", ".join(f"outputs.{k}" for k in asked)
    words = f"{keys} not written: a Python call returns its result and writes no file ("
    words += f"{how}; or run: ethiclens {purpose} --config on the spec file)"
    warnings.warn(mask_secrets(words), UserWarning, stacklevel=3)  # a path may hold one


def audit_or_compare(spec: AuditSpec):
    """``ethiclens.audit(spec)``: a comparison with two ``y_pred``, else an audit; a threshold
    view's spec (a score and no predictions) is refused naming the call that draws it."""
    if len(spec.roles.y_pred) == 2:
        return run_compare(spec)
    if not spec.roles.y_pred and purpose_of_data(spec.to_dict()) == "thresholds":
        if spec.thresholds != type(spec.thresholds)():  # a view's key (step=0.1): named
            check_used(spec, "audit")
        problem = "is not given: an audit needs the predictions; a score without them asks for "
        fix = "name the prediction column (y_pred=...), or draw the view: ethiclens.threshold_"
        fix += "table(spec) (ethiclens.run(spec) runs what the spec asks for)"
        raise _key_error(problem + "the threshold view", "roles.y_pred", fix)
    return run_audit(spec)


def purpose_of(spec: AuditSpec) -> str:
    """The run a spec asks for (``run``'s): audit, compare or thresholds
    (:func:`purpose_of_data`; an audit's spec whose request wrote a ``thresholds`` key, at its
    default too, asks for the threshold view: ``spec.view_asked``)."""
    refuse_not_spec(spec)
    purpose = purpose_of_data(spec.to_dict())
    return "thresholds" if purpose == "audit" and spec.view_asked else purpose


def with_options(spec: AuditSpec, options: dict, purpose: str | None = None) -> AuditSpec:
    """``spec`` with the caller's keyword ``options`` over its fields (``run``'s, and the
    top-level functions' given a spec or a target). A field set by two keywords is refused
    (``AuditSpec.of``), and so is a report file: a ``purpose`` run (default: the spec's,
    :func:`purpose_of`; an audit's with two ``y_pred``, a comparison) returns its result and
    writes nothing."""
    if not options:
        return spec
    if "reference" in options:  # over the spec's protected attributes, or the keyword's
        options = dict(options)
        options["protected"] = referenced(
            options.pop("reference"), options.get("protected"), spec.roles.protected
        )
    with purpose_for(purpose):  # a refusal of ci lists the methods of the run asked for
        made = AuditSpec._of(**_merged(spec, options))
    named = {k for keyword, value in options.items() for k in keyword_fields(keyword, value)}
    # compas, year=2018 (refused when run); threshold=0.5 asks for the view
    view = {VIEW_ASKED} if named & {"threshold", "step"} else set()
    spec = with_given(made, named | view | spec._given_options)
    asked = [k for k in options if k in OUTPUT_WRITERS]
    if asked:
        two = len(spec.roles.y_pred) == 2
        check_used(spec, "compare" if purpose == "audit" and two else purpose or purpose_of(spec))
        fix = f"write {'it' if len(asked) == 1 else 'them'} from the result: "
        fix += "; ".join(OUTPUT_WRITERS[k].format(path=repr(options[k])) for k in asked)
        problem = "a Python call returns its result and writes no file"
        raise _argument_error(problem, asked[0], fix, options[asked[0]])
    return spec


# How each report file of a spec's outputs (which the faces write) is written from the result
OUTPUT_WRITERS = {
    "json": "pathlib.Path({path}).write_text(result.to_json())",
    "html": "result.to_html({path})",
    "model_card": "result.to_model_card({path})",
    "pdf": "ethiclens.report.html_to_pdf(ethiclens.report.render_html(result), {path})",
    "csv": "result.to_csv({path})",
    "plot": "result.plot({path})",
}


def _merged(spec: AuditSpec, options: dict) -> dict:
    """The spec's fields, then ``options`` over them (an engine keyword, random_state, over
    the field it names, seed; a Policy object over the policy's thresholds and floors)."""
    flat = {}
    for section in spec.to_dict().values():
        if isinstance(section, dict):
            flat.update(section)
    for keyword, value in options.items():
        for key in keyword_fields(keyword, value):
            flat.pop(key, None)
    flat.update(options)
    return flat


# The runs a request is checked for (check_request's purpose).
_PURPOSES = tuple(DEFAULT_DRAWS)  # each with its default draws: one list, not a restatement


def check_request(spec: AuditSpec, purpose: str) -> None:
    """What a ``purpose`` run (audit, compare, thresholds) checks before it reads any data:
    the keys it uses, the interval method it takes, the policy as the engine takes it. A face
    that stores a request before running it (the web app) refuses it here at once."""
    refuse_not_spec(spec)
    if purpose not in _PURPOSES:  # a caller's typo: one line, not a KeyError deep inside
        raise choice_error(purpose, _PURPOSES, column="purpose", kind="argument")
    check_used(spec, purpose)
    check_benchmark_roles(spec, purpose)
    if purpose != "thresholds":  # the view takes none (check_used refused one)
        from ..fairness import AuditOptions

        AuditOptions.check_ci(spec.policy.ci, purpose, "policy.ci")
    in_memory = spec.target.engine in ("auto", "pandas") and spec.target.kind != "db"
    if purpose == "compare" and spec.roles.weight and spec.policy.ci != "jeffreys" and in_memory:
        problem, fix = "the paired row bootstrap does not take weights", "drop --weight, or draw "
        fix += "the weighted paired intervals: e.g. --ci jeffreys"  # each face's words
        raise _key_error(problem, "policy.ci", fix, spec.policy.ci)
    # the level against the run's draws, here: before any data is read (or a form queued)
    level = spec.policy.confidence_level
    check_level_draws(_draws(spec, purpose), level, "policy.confidence_level")
    spec.policy.to_policy()


# The roles that name a file's columns; a benchmark brings its own labels, scores, weights and
# predictions (compare's y_pred names a benchmark's two models: model, decile).
_FILE_ROLES = ("y_true", "y_pred", "y_score", "weight", "pos_label")


def check_benchmark_roles(spec: AuditSpec, purpose: str) -> None:
    """Refuse, on every face and command alike, a role a benchmark cannot use: its labels
    (and their positive value), scores and predictions are fixed and it has no weights, so a
    column name or ``pos_label`` given for it would be ignored or misread."""
    name = spec.target.dataset
    if not name:
        return
    from .. import datasets

    if name not in datasets.DATASETS:  # no benchmark that 'brings its own labels': a slip first
        raise _unknown_target(name, "target.dataset")
    for role in _FILE_ROLES:
        value = getattr(spec.roles, role)
        if role == "y_pred" and (purpose == "compare" or len(value) == 2):
            continue  # the benchmark's two models, checked by name when loaded
        if value is None or value == ():
            continue
        problem = f"is not used with a benchmark: {name} brings its own labels (1 = positive), "
        problem += "scores and predictions, and has no weights"
        shown = value if role == "pos_label" or not isinstance(value, tuple) else value[0]
        fix = "drop it, or audit a file (CSV/Parquet) that has the column"
        raise _key_error(problem, f"roles.{role}", fix, shown)


def _started(spec: AuditSpec, purpose: str) -> tuple[AuditSpec, Loaded]:
    """The spec a ``purpose`` run uses: checked (``check_request``), its seed drawn if null;
    and its target, loaded."""
    check_request(spec, purpose)
    if spec.gate.baseline and purpose != "compare":  # a bad baseline costs no audit first
        from ..fairness import check_baseline_file

        with _baseline_named():
            check_baseline_file(spec.gate.baseline)
    if spec.target.counts:  # named by its option, as the target's own file is named TARGET
        refuse_missing_input(spec.target.counts, "--counts")
    spec = spec.seeded()
    loaded = load_target(spec, purpose)
    # its group edits as the load read them: --exclude-group ' g=c' of --protected ' g' names
    # the column g where the data has no ' g'
    cols = loaded.protected if loaded.is_counts else list(getattr(loaded.sensitive, "columns", ()))
    return edits_resolved(spec, cols), loaded


def _draws(spec: AuditSpec, purpose: str) -> int:
    return spec.policy.n_boot or DEFAULT_DRAWS[purpose]


def _bins(spec: AuditSpec, columns, binned=()) -> dict:
    """The spec's bins, checked; those of the attributes in ``binned`` (a counts table binned
    them when counted, by the same edges: ``_check_binned_when_counted``) left out."""
    from ..fairness import check_bins

    asked = {a: edges for a, edges in spec.groups.bins.items() if a not in binned}
    return check_bins(asked, columns)


def _table_attributes(table) -> list[str]:
    """A counts table's attribute columns when none were named: the columns it does not reserve
    (``audit_counts`` then checks them against the table's own list)."""
    from ..sources import RESERVED

    return [str(c) for c in table.columns if c not in RESERVED]


def _check_pos_label_shared(spec: AuditSpec, loaded: Loaded) -> None:
    """One ``pos_label`` names the positive value of the labels and of every prediction column.
    A value only some of them hold is refused naming both sides: each column's own message
    would send the user to its values, and the other column's message back again."""
    pos_label, r = spec.roles.pos_label, spec.roles
    if pos_label is None:
        return
    if loaded.is_counts and {"y_true", "y_pred"} <= set(loaded.table.columns):
        # a counts table's cells, named as the roles name them, else as the columns it was
        # counted from (its record), else its own: the row audit's words
        recorded = loaded.table.attrs.get("ethiclens_columns") or {}
        true = r.y_true or recorded.get("y_true") or "y_true"
        pred = (r.y_pred or (recorded.get("y_pred") or "y_pred",))[0]
        columns = {true: loaded.table["y_true"], pred: loaded.table["y_pred"]}
    elif not loaded.is_counts and loaded.y_true is not None:
        columns = {r.y_true: loaded.y_true, **loaded.preds}
    else:
        return  # no labels: nothing to compare the predictions with
    refuse_written_apart(pos_label, columns)


def _negative_values_note(spec: AuditSpec, loaded: Loaded) -> list[str]:
    """With ``pos_label``, every other value is negative: the labels' and each prediction
    column's note (``fairness.negative_values_notes``: the rule every face shares), their
    values counted the same on every engine (rows: the values counted; a counts table: its
    cells' counts) and each column named as the source names it."""
    if spec.roles.pos_label is None:
        return []
    from ..fairness import negative_values_notes

    return negative_values_notes(_rows_per_value(spec, loaded), spec.roles.pos_label)


def _rows_per_value(spec: AuditSpec, loaded: Loaded) -> dict:
    """{'column (role)': rows of each value} of the labels and each prediction column."""
    import pandas as pd

    r = spec.roles
    names = {"y_true": r.y_true} if r.y_true else {}
    roles = MODEL_ROLES if len(r.y_pred) == 2 else ("y_pred",)
    names.update(zip(roles, r.y_pred, strict=False))

    def named(role: str) -> str:
        return f"{names[role]} ({role})" if names[role] != role else role

    if loaded.is_counts:
        table = loaded.table
        if "count" not in table.columns:
            return {}
        # a cell column the roles do not name is named as the column it was counted from (the
        # table's record), else by its role: its note is said all the same (audit --counts)
        recorded = table.attrs.get("ethiclens_columns") or {}
        kept = [role for role in ("y_true", "y_pred") if role in table.columns]
        for role in kept:
            names.setdefault(role, str(recorded.get(role) or role))
        return {
            named(role): table.groupby(role, sort=False, dropna=True)["count"].sum()
            for role in kept
        }
    columns = {"y_true": loaded.y_true} if loaded.y_true is not None and "y_true" in names else {}
    columns.update(zip(roles, loaded.preds.values(), strict=False))
    return {named(role): pd.Series(v).value_counts(dropna=True) for role, v in columns.items()}


def _noted(loaded: Loaded, notes: list[str]) -> list[str]:
    """``notes`` added to the run's provenance (``data.provenance.notes``); returned, to be
    said on the terminal (:func:`_warned`) once the run has its result."""
    if notes:
        said = [*loaded.provenance.get("notes", []), *notes]
        loaded.provenance = {**loaded.provenance, "notes": said}
    return notes


def _warned(notes: list[str]) -> None:
    """Each note as a warning (the command line prints it as one 'warning:' line)."""
    import warnings

    for note in notes:
        warnings.warn(note, UserWarning, stacklevel=3)


def _binned_rows(spec: AuditSpec, loaded: Loaded, purpose: str = "audit") -> dict:
    """The rows' binned attributes; returns the edges (attribute -> edges, checked), which
    the result states (``config.bins``) as an audit binning them itself, and a counting
    engine's, state them. A missing value stays missing (the audit refuses it as a
    missing group value); a value the bins refuse (outside the edges, not a number) is refused
    after the predictions, labels, scores, weights and groups are checked, as every engine
    bins its counts after checking them (docs/engines.md, Order)."""
    if not spec.groups.bins:
        return {}
    import pandas as pd

    from ..fairness import bin_attribute

    frame = pd.DataFrame(loaded.sensitive).copy()
    try:
        binned = _bins(spec, list(frame.columns))
        for col, edges in binned.items():
            frame[col] = bin_attribute(frame[col], edges, col, keep_missing=True).to_numpy()
    except EthicLensInputError:
        _check_before_bins(spec, loaded, purpose)
        raise
    loaded.sensitive = frame
    return binned


def _stated_bins(results, binned: dict) -> None:
    """Each result's ``config.bins``: the edges its rows were binned at before it (an audit's
    always, {} when none; a comparison's or a threshold view's when binned, as the library's
    ``bins=`` states them: every engine's JSON the same)."""
    for result in results:
        if binned or "bins" in result.config:
            result.config["bins"] = dict(binned)


def _check_before_bins(spec: AuditSpec, loaded: Loaded, purpose: str) -> None:
    """Refuse the first problem the ``purpose`` run checks before its groups are binned, in
    its order: predictions (labels) then scores and weights, then each group column as
    written (a binned column by its values' text: its missing values, long labels)."""
    from ..fairness import as_binary_columns, as_scores, as_weights, encode_groups

    n = len(loaded.sensitive)
    pos_label, true = spec.roles.pos_label, loaded.y_true
    if purpose == "thresholds":
        as_scores(loaded.y_score, n)
        if loaded.weight is not None:
            as_weights(loaded.weight, n, "y_score")
        if true is not None:
            as_binary_columns({"y_true": true}, pos_label)
    else:
        roles = ("y_pred",) if purpose == "audit" else ("pred_a", "pred_b")
        if purpose == "compare" and loaded.weight is not None:
            as_weights(loaded.weight, n)
        preds = dict(zip(roles, loaded.preds.values(), strict=True))
        as_binary_columns({**preds, "y_true": true}, pos_label)
        if purpose == "audit" and loaded.y_score is not None:
            as_scores(loaded.y_score, n)
        if purpose == "audit" and loaded.weight is not None:
            as_weights(loaded.weight, n)
    frame = loaded.sensitive
    as_text = {c: frame[c].where(frame[c].isna(), frame[c].astype(str)) for c in frame}
    encode_groups(as_text, n, look_alike=False)  # after the edits: by the run (encode_edited)


def run_record(spec: AuditSpec, loaded: Loaded) -> dict:
    """What a report says about its run: UTC time, version, engine, input and the request as
    recorded (``recorded_request``: without its outputs)."""
    from .._version import __version__

    return {
        "generated_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "ethiclens_version": __version__,
        "engine": loaded.engine,
        "input": loaded.fingerprint,
        "spec": recorded_request(_as_used(spec, loaded)),
        "gate": None,
    }


def _counted_bins(loaded: Loaded) -> dict:
    """The bins a counts table was binned by when counted (``run.input.bins``), else {}."""
    return dict(loaded.fingerprint.get("bins") or {}) if loaded.is_counts else {}


def _as_used(spec: AuditSpec, loaded: Loaded) -> AuditSpec:
    """The spec as its run used it: a counts table's own bins in ``groups.bins``, as an audit
    of the rows binned by them records them (a baseline, a saved report compare alike);
    compare's ``ci: bootstrap`` as the ``percentile`` it is (``method_named``)."""
    spec, counted = method_named(spec), _counted_bins(loaded)
    if not counted:
        return spec
    return spec.replace(groups={"bins": {**counted, **spec.groups.bins}})


def apply_gate(result, spec: AuditSpec, purpose: str = "audit"):
    """Decide the spec's gate on ``result`` and record it in ``result.run["gate"]``; the
    ``GateOutcome``, or None when the spec asks for no gate."""
    g = spec.gate
    if g.fail_on == "never" and not g.baseline:
        return None
    with _baseline_named():
        outcome = (
            result.gate(g.fail_on) if purpose == "compare" else result.gate(g.fail_on, g.baseline)
        )
    result.run["gate"] = outcome.to_dict()
    return outcome


@contextlib.contextmanager
def _baseline_named():
    """The engine's argument ``baseline`` refused as the spec's key, as faces name it."""
    try:
        yield
    except EthicLensInputError as exc:
        if exc.column != "baseline":
            raise
        raise exc.renamed({"baseline": "gate.baseline"}, "key") from None


def _options(spec: AuditSpec, loaded: Loaded, purpose: str) -> dict:
    """The library's keyword options for the spec (``fairness.AuditOptions``' names)."""
    g, r = spec.groups, spec.roles
    options = dict(
        reference=loaded.reference or None,
        intersections=[tuple(i) for i in r.intersections] or None,
        exclude_groups=dict(g.exclude) or None,
        merge_groups=dict(g.merge) or None,
        pos_label=r.pos_label,
        n_boot=_draws(spec, purpose),
        confidence_level=spec.policy.confidence_level,
        random_state=spec.policy.seed,
        policy=spec.policy.to_policy(),
    )
    options.update(positive_is_favorable=loaded.favorable)  # a view records it too
    if purpose != "thresholds":
        options.update(provenance=loaded.provenance)
    return options


@contextlib.contextmanager
def file_rows_named(spec: AuditSpec):
    """A refusal of rows read from a file names the first bad one by its file and line (as
    every engine does), not by its number among the rows read."""
    from ..sources import name_rows

    try:
        yield
    except EthicLensInputError as exc:
        if not spec.target.file:
            raise
        raise name_rows(exc, spec.target.file) from None


@contextlib.contextmanager
def models_named(spec: AuditSpec):
    """A refusal of ``fairness.compare``'s ``pred_a`` or ``pred_b`` names the column and which
    model it is (``'pred_b (y_pred, model B)'``), in the words every engine's checks use."""
    try:
        yield
    except EthicLensInputError as exc:
        column = str(exc.column)
        models = zip(("pred_a", "pred_b"), spec.roles.y_pred, MODEL_ROLES, strict=True)
        for argument, name, role in models:
            # 'pred (pred_a)', or 'pred_b' alone for a column so named (a bare 'pred_b' is
            # else the argument, said by its flag: identical predictions)
            if column.endswith(f" ({argument})") or column == argument == name:
                named = f"{name} ({role})"
                if (said := pos_label_named(exc, named)) is not exc:  # by its key
                    raise said from None
                raise _refused(exc.problem, named, exc.fix, exc.value) from None
        raise


@contextlib.contextmanager
def references_named(loaded: Loaded):
    """A reference group the data lacks, given as ``COL=REFERENCE``, is refused naming the key
    that gave it (``roles.protected.sex``; the faces name their flag or keyword), and the
    attribute in its words (a flag names only --protected), not as a column named sex."""
    try:
        yield
    except EthicLensInputError as exc:
        column = str(exc.column)
        if exc.problem != "unknown reference group" or column not in (loaded.reference or {}):
            raise
        problem = f"unknown reference group of {column!r}"
        raise _key_error(problem, f"roles.protected.{column}", exc.fix, exc.value) from None


@columns_named
def run_audit(spec: AuditSpec):
    """``AuditResult`` of a one-model spec (rows, or counts where the data lives)."""
    from ..fairness import audit, audit_counts, bin_counts

    spec, loaded = _started(spec, "audit")  # a bad policy is refused before the data is read
    ci = spec.policy.ci
    _check_pos_label_shared(spec, loaded)
    notes = _noted(loaded, _negative_values_note(spec, loaded))
    options = _options(spec, loaded, "audit")
    if loaded.is_counts:
        table = loaded.table
        if spec.groups.bins:  # those the table was binned by when counted: binned already
            columns = loaded.protected or _table_attributes(table)
            table = bin_counts(table, _bins(spec, columns, _counted_bins(loaded)))
        with references_named(loaded):
            result = audit_counts(table, protected=loaded.protected or None, ci=ci, **options)
    else:
        _refuse_stray_labels(spec, loaded)
        with references_named(loaded), file_rows_named(spec):
            binned = _binned_rows(spec, loaded)
            (pred,) = loaded.preds.values()
            result = audit(
                loaded.y_true,
                pred,
                loaded.sensitive,
                y_score=loaded.y_score,
                sample_weight=loaded.weight,
                reference_source=loaded.reference_source,
                ci=ci,
                **options,
            )
        _stated_bins([result], binned)
    return _finished(result, spec, loaded, notes, "audit")


def _refuse_stray_labels(spec: AuditSpec, loaded: Loaded, purpose: str = "audit") -> None:
    """Without ``--pos-label``, a file's 0/1 labels or predictions with a stray value (a 1.5)
    are refused naming the first such row by its line, in the counting engines' words
    (``sources.refuse_stray_labels``): compare's model A, labels, then model B, each named."""
    if spec.roles.pos_label is not None or not spec.target.file or loaded.engine != "pandas":
        return
    import pandas as pd

    from ..sources import Roles, refuse_stray_labels

    true = spec.roles.y_true
    preds = [] if purpose == "thresholds" else list(loaded.preds.items())
    roles = MODEL_ROLES if purpose == "compare" else ("y_pred",)
    checks = [(preds[0] if preds else ("", None), true), *((p, None) for p in preds[1:])]
    for ((name, pred), y), role in zip(checks, roles, strict=False):
        rows = pd.DataFrame({**({name: pred} if name else {}), **({y: loaded.y_true} if y else {})})
        try:
            refuse_stray_labels(rows, Roles(name, [], y, binary_labels="audit"), spec.target.file)
            if rows.isna().to_numpy().any():  # refused first, in the run's words (every engine)
                return
        except EthicLensInputError as exc:
            if role == "y_pred" or str(exc.column) not in (f"{name} (y_pred)", "y_pred"):
                raise
            raise _refused(exc.problem, f"{name} ({role})", exc.fix, exc.value) from None


def _finished(result, spec: AuditSpec, loaded, notes: list, purpose: str):
    """``result`` with its run record, the notes said (once the result exists), gated."""
    result.run = run_record(spec, loaded)
    _warned(notes)
    apply_gate(result, spec, purpose)
    return result


@columns_named
def run_compare(spec: AuditSpec):
    """``ModelComparison`` of a two-model spec (B − A with paired intervals)."""
    from ..fairness import compare

    spec, loaded = _started(spec, "compare")
    _refuse_stray_labels(spec, loaded, "compare")
    with references_named(loaded), models_named(spec), file_rows_named(spec):
        binned = _binned_rows(spec, loaded, "compare")
        _check_pos_label_shared(spec, loaded)
        notes = _noted(loaded, _negative_values_note(spec, loaded))
        (a, pred_a), (b, pred_b) = loaded.preds.items()
        result = compare(
            loaded.y_true,
            pred_a,
            pred_b,
            loaded.sensitive,
            names=(a, b),
            ci=spec.policy.ci,
            sample_weight=loaded.weight,
            reference_source=loaded.reference_source,  # a benchmark's: "dataset default"
            **_options(spec, loaded, "compare"),
        )
    _stated_bins([result, result.audit_a, result.audit_b], binned)
    return _finished(result, spec, loaded, notes, "compare")


@columns_named
def run_thresholds(spec: AuditSpec):
    """``ThresholdTable`` of a spec with scores (rates and verdicts per threshold)."""
    from ..fairness import threshold_table

    spec, loaded = _started(spec, "thresholds")
    _refuse_stray_labels(spec, loaded, "thresholds")
    with references_named(loaded), file_rows_named(spec):
        binned = _binned_rows(spec, loaded, "thresholds")
        _check_audited_predictions(spec, loaded)
        table = threshold_table(
            loaded.y_true,
            loaded.y_score,
            loaded.sensitive,
            audited_threshold=spec.thresholds.threshold,
            step=spec.thresholds.step,
            sample_weight=loaded.weight,
            **_options(spec, loaded, "thresholds"),
        )
    _stated_bins([table], binned)
    table.run = run_record(spec, loaded)
    return table


def _check_audited_predictions(spec: AuditSpec, loaded: Loaded) -> None:
    """A threshold view's ``roles.y_pred`` (an audit's spec runs there as it is) names the
    predictions its audited threshold made: where the rows are read they must be ``score >=
    threshold`` on every row, or the view would mark a threshold they did not use. Counted
    where they are stored, they are one more key column; a refusal of them names the column
    and its role, as the counting engines and an audit name it (``'pred (y_pred)'``)."""
    if not loaded.preds:
        return
    from ..fairness import as_binary_columns, as_scores, one_kind_thresholds

    t = spec.thresholds.threshold
    (name, pred), n = next(iter(loaded.preds.items())), len(loaded.y_score)
    try:
        positive = as_binary_columns({"y_true": loaded.y_true, name: pred}, spec.roles.pos_label)
    except EthicLensInputError as exc:
        if str(exc.column) != name or exc.kind != "column":
            raise
        raise _refused(exc.problem, f"{name} (y_pred)", exc.fix, exc.value) from None
    scores, made = as_scores(loaded.y_score, n), positive[name].astype(bool)
    if differ := int(((scores >= t) != made).sum()):
        problem = f"is not the predictions of the audited threshold: score >= {t:g} predicts "
        problem += f"{differ:,} of the {n:,} rows otherwise than {name} does"
        fix = f"give the threshold {name} used (--threshold), or drop --y-pred"
        words, example = one_kind_thresholds(made, scores) or (None, None)
        if words:  # one kind of prediction: a range of thresholds makes them
            problem += "; " + words.replace("every prediction", f"every prediction of {name}")
        if example:
            fix = f"give a threshold that makes them (--threshold, e.g. {example:g}), or drop "
            fix += "--y-pred"
        raise _key_error(problem, "roles.y_pred", fix, name)
