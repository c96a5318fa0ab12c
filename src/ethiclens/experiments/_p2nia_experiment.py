"""The P2NIA paper's evaluation: absolute error of P2NIA (GRR, MST, AIM) and of the black-box
audit against the reference (the metric on the labelled test set).

Per (dataset, model, repetition): an 80/20 split (seed = repetition), the platform's model
(RandomForest: 30 trees, max_features 11, max_depth 15; XGBoost: 500 rounds, lr 0.05, early
stopping after 5 rounds on a 10% validation slice of the training split), the test split
labelled by it as the audit data. A synthesiser (MST, AIM) is fitted once per ε on the audit
data and sampled at every n′; GRR and the black-box audit draw afresh for every n′.
"""

from __future__ import annotations

import contextlib
import functools
import os
import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from .. import datasets as ds_mod
from .._checks import (
    BYTES_LIKE,
    check_count,
    check_member,
    check_repetitions,
    names_words,
    split_epsilons,
    split_list,
    split_numbers,
    type_refusal,
)
from .._keywords import refusing_unknown_keywords
from .._text import csv_safe_frame, plural
from ..errors import (
    DataFileError,
    EthicLensInputError,
    FaceFix,
    NotInCacheError,
    plain_text,
    reprs_plainly,
)
from ..p2nia import (
    ACCOUNTINGS,
    METRICS,
    MST,
    NEEDS_Y,
    blackbox_audit,
    check_epsilon,
    check_n,
    estimate,
    get_mechanism,
    get_model,
    is_builtin_model,
    joint_from_codes,
    make_request,
    mechanism_names,
    metrics_from_joint,
    model_names,
    register_model,
    release,
)
from ..privacy import argument_error

# dataset -> (default protected attribute, loader keywords): a live view of the dataset registry
EXPERIMENT_DATASETS = ds_mod.P2NIA_DATASETS
# Discretisation of numeric columns released by MST/AIM (part of the release, in the manifest).
BINS = {
    "age": [0, 25, 35, 45, 55, 65, 120],
    "hours-per-week": [0, 20, 35, 40, 45, 60, 100],
    "capital-gain": [0, 1, 5000, 1e7],
    "capital-loss": [0, 1, 1e6],
    "education-num": [0, 9, 10, 13, 14, 17],
    "fnlwgt": [0, 1e5, 2e5, 3e5, 2e6],
    "AGEP": [0, 25, 35, 45, 55, 65, 120],
    "WKHP": [0, 20, 35, 40, 45, 60, 100],
    "SCHL": [0, 16, 19, 21, 22, 25],
    "OCCP": [0, 1000, 2000, 4000, 6000, 8000, 10000],
    "POBP": [0, 60, 100, 200, 300, 600],
}


# ExperimentConfig's fields that ``p2nia experiment``'s flags set: a Python caller is told the
# field (argument 'sizes'), the command line (from_options) the flag (option '--sizes')
_FIELDS = {
    f"--{name.replace('_', '-')}": name
    for name in ("dataset", "models", "mechanisms", "repetitions", "sizes", "epsilons")
    + ("metric_epsilons", "accounting")
}


def _in_python_words(exc: EthicLensInputError) -> EthicLensInputError:
    """``exc`` (a refusal of :meth:`ExperimentConfig._validate`) naming the field a Python
    caller gave: ``argument 'sizes'``, its examples as keywords (``e.g. repetitions=10``); a
    field no flag sets (n_ref, extra_columns, workload) is an argument too."""
    column = str(exc.column)
    if exc.kind == "option" and column in _FIELDS:
        return exc.renamed({column: _FIELDS[column]}, "argument", _FIELDS)
    if exc.kind == "column" and column in ("n_ref", "extra_columns", "workload"):
        return exc.renamed({}, "argument")
    return exc


@contextlib.contextmanager
def _fix_said(python: str):
    """Within it, a refusal whose fix is an example (``e.g. --sizes 2000``) gives ``python``,
    the example in Python's words (a list field's is a tuple, not ``sizes=2000``), the command
    line keeping its own; another fix (``give ε <= 10000``) is the same on both."""
    try:
        yield
    except EthicLensInputError as exc:
        if not str(exc.fix).startswith("e.g. "):
            raise
        fix = FaceFix(python, cli=str(exc.fix))
        raise EthicLensInputError(
            exc.problem, column=exc.column, value=exc.value, fix=fix, kind=exc.kind
        ) from None


@refusing_unknown_keywords(init=True)  # ExperimentConfig(typo=...): audit()'s refusal
@reprs_plainly
@dataclass
class ExperimentConfig:
    dataset: str = "adult"
    models: tuple = ("rf", "xgb")
    repetitions: int = 10
    mechanisms: tuple = ("grr", "mst", "aim", "blackbox")
    sizes: tuple = (250, 500, 1000, 2000, 5000)  # n′ at ε = 10 (Fig. 3)
    epsilons: tuple = (0.5, 1.0, 2.0, 5.0, 10.0)  # at n′ = 5,000 (Fig. 4)
    metric_epsilons: tuple = (10.0, 1.0)  # DP, EO, EOpp at n′ = n_ref (Figs. 5 and 8)
    n_ref: int | None = None  # n′ of the ε sweeps; default: the largest of ``sizes``
    extra_columns: int = 8  # non-protected columns released by MST/AIM
    # GRR accounting: "record" (ε split over the released columns) or "per-column" (the
    # paper's: each column at the full ε; record-level ε = k·ε). Every GRR release carries only
    # the columns of its metric: DP from a release of (A, Ŷ), EO/EOpp from one of (A, Y, Ŷ).
    accounting: str = "record"
    # MST/AIM workload: "audit" (A, Y, Ŷ and ``extra_columns`` features; AIM capped at
    # ``AIM_MAX_ROUNDS``) or "paper" (every feature, the P2NIA paper's §3.2); ``aim_rounds``
    # overrides AIM's number of rounds (None: the synthesiser's cap).
    workload: str = "audit"
    aim_rounds: int | None = None
    notes: list = field(default_factory=list)

    @classmethod
    def from_options(cls, dataset: str, **options) -> ExperimentConfig:
        """The config of ``ethiclens p2nia experiment``'s options: comma lists of models,
        mechanisms, sizes and ε (each named by its flag when refused), checked."""
        lists = {"models": str, "mechanisms": str, "sizes": int, "epsilons": float}
        lists["metric_epsilons"] = float  # each read and checked as every ε typed is
        for key, kind in lists.items():
            text, flag = options.get(key), "--" + key.replace("_", "-")
            if isinstance(text, str):
                parse = split_list if kind is str else partial(split_numbers, kind=kind)
                parse = split_epsilons if key.endswith("epsilons") else parse
                # blank text (' ') is the empty list '' is: one refusal, not 'empty item'
                options[key] = tuple(parse(text, flag)) if text.strip() else ()
        cfg = cls(dataset=dataset, **options)
        cfg._validate()  # the command line's words: its flags
        for m in cfg.models:  # a missing extra (xgboost) named before --out is created
            get_model(m, "--models").check_installed()
        return cfg

    def validate(self):
        """Refuse an unknown name or an impossible size, repetition count or ε, naming the
        field (``argument 'sizes'``), as a Python caller gave it; ``ethiclens p2nia
        experiment`` names its flags (``option '--sizes'``)."""
        try:
            self._validate()
        except EthicLensInputError as exc:
            raise _in_python_words(exc) from None

    def _validate(self):
        self._check_lists()
        self._check_names()
        self._check_numbers()

    def _check_lists(self):
        """Each list field a list or tuple: one name ('rf', read letter by letter) or one
        number (250: a TypeError) is refused naming the field; a range or a 1-d NumPy array
        is the list of its items (as before the check)."""
        for name in ("models", "mechanisms", "sizes", "epsilons", "metric_epsilons"):
            value = getattr(self, name)
            if isinstance(value, range) or (isinstance(value, np.ndarray) and value.ndim == 1):
                setattr(self, name, list(value))
            elif not isinstance(value, list | tuple):
                flag = "--" + name.replace("_", "-")
                raise EthicLensInputError(
                    f"must be a list (or tuple) of values, not one {type(value).__name__}",
                    column=flag,
                    value=value,
                    fix=f"e.g. {name}={type(self).__dataclass_fields__[name].default!r}",
                )

    def _check_names(self):
        _check_choices([self.dataset], EXPERIMENT_DATASETS, "--dataset", "unknown dataset")
        for m in self.models:
            get_model(m, "--models")  # an unknown name lists the registered ones
        choices = [*mechanism_names(), "blackbox"]
        problem = f"unknown mechanism (registered: {', '.join(choices)})"
        _check_choices(self.mechanisms, choices, "--mechanisms", problem)
        _check_choices([self.accounting], ACCOUNTINGS, "--accounting", "unknown accounting")
        MST.Settings(1.0, workload=self.workload, aim_rounds=self.aim_rounds)  # refuses bad ones

    def _check_numbers(self):
        check_repetitions(self.repetitions, "--repetitions", fix="e.g. --repetitions 10")
        for flag, values in (
            ("--models", self.models),
            ("--mechanisms", self.mechanisms),
            ("--sizes", self.sizes),
        ):
            if not values:  # '--models ""': nothing to list once
                name = flag[2:]
                default = type(self).__dataclass_fields__[name].default
                fix = FaceFix(
                    f"give at least one, e.g. {name}={default!r}",
                    cli=f"give at least one, e.g. {flag} {','.join(map(str, default))}",
                )
                problem = "needs one or more values"
                raise EthicLensInputError(problem, column=flag, value=[], fix=fix)
            if len(set(values)) != len(values):
                problem = "needs one or more distinct values"
                fix = "list each value once"
                raise EthicLensInputError(problem, column=flag, value=list(values), fix=fix)
        for n in self.sizes:
            with _fix_said(f"e.g. sizes={type(self).__dataclass_fields__['sizes'].default!r}"):
                check_n(n, "--sizes")
        # a slice's bound: -1 would drop the last column, unsaid
        check_count(self.extra_columns, "extra_columns", minimum=0, fix="e.g. 8 (the default)")
        if self.n_ref is not None:  # as each size: a NumPy integer too, at most N_MAX
            with _fix_said("e.g. n_ref=2000"):
                check_n(self.n_ref, "n_ref")
        for flag, values in (
            ("--epsilons", self.epsilons),
            ("--metric-epsilons", self.metric_epsilons),
        ):
            with _fix_said(f"e.g. {flag[2:].replace('-', '_')}=(1.0, 10.0)"):
                budgets = [check_epsilon(e, flag) for e in values]
            if len(set(budgets)) != len(budgets):  # as the CLI's list: (10, 10.0) ran once
                problem = "values repeated"  # and wrote its per-metric table twice
                raise EthicLensInputError(
                    problem, column=flag, value=list(values), fix="list each value once"
                )
            for eps in budgets:
                self._check_budget(eps, flag)
        self._check_n_ref()

    def _check_n_ref(self):
        """``n_ref`` only where the figures read it: with an ε other than 10 (the size
        sweep's), or with ε 10 alone at an n′ of at least the largest size (the tables' n′ is
        then the rows' largest: n_ref). Else it added a size never read, unsaid."""
        if self.n_ref is None:
            return
        budgets = [float(e) for e in (*self.epsilons, *self.metric_epsilons)]
        if all(e == 10.0 for e in budgets) and not (budgets and self.n_ref >= max(self.sizes)):
            raise EthicLensInputError(
                "is the n′ of the ε sweeps, and none is asked: every ε of epsilons and "
                "metric_epsilons is 10, the size sweep's (none given: 10 alone), whose tables "
                "are at the largest n′",
                column="n_ref",
                kind="argument",
                value=self.n_ref,
                fix="give an ε other than 10 in epsilons or metric_epsilons, or leave n_ref out "
                "(add the size to sizes)",
            )

    def _check_budget(self, eps: float, flag: str):
        """``eps`` against every mechanism's own floor before any data is loaded: GRR's
        invertible response matrices (A, Y, Ŷ with two groups: the mildest case; each
        estimate still checks its dataset's groups), the synthesisers' smallest ρ."""
        protected = EXPERIMENT_DATASETS[self.dataset][0]
        fields = {"n": self.reference_size, "protected": protected, "metrics": list(METRICS)}
        fields |= {"epsilon": eps, "delta": None, "protected_domain": None}
        fields |= {"track_budget": False, "accounting": self.accounting}
        for name in [m for m in self.mechanisms if m != "blackbox"]:
            try:
                get_mechanism(name, "--mechanisms").check_request(fields | {"mechanism": name})
            except EthicLensInputError as exc:
                raise EthicLensInputError(
                    exc.problem,
                    column=flag,
                    fix=f"leave {eps:g} out of {flag}, or use larger values, e.g. 0.5 or more",
                ) from None

    @property
    def reference_size(self) -> int:
        """n′ of the ε and per-metric sweeps: ``n_ref``, else the largest requested size (no
        size is added that was not asked for)."""
        return self.n_ref if self.n_ref is not None else max(self.sizes)


def _check_choices(values, allowed, flag: str, problem: str) -> None:
    """Each of ``values`` one of ``allowed``, refused naming ``flag``, the fix listing them."""
    choices = list(allowed) if isinstance(allowed, (list, tuple)) else sorted(allowed)
    for v in values:
        check_member(v, allowed, column=flag, problem=problem, fix=f"choose from {choices}")


def _load(name):
    protected, kwargs = EXPERIMENT_DATASETS[name]
    ds = ds_mod.load(name, **kwargs)
    if protected not in ds.protected.columns:  # a KeyError traceback, as PCER's split column
        raise EthicLensInputError(
            f"{name}'s P2NIA experiment audits protected column {protected!r}, which the "
            f"dataset's loader does not return (its protected columns: "
            f"{names_words([str(c) for c in ds.protected.columns])})",
            column="p2nia_protected",
            value=protected,
            fix="name a protected column the loader returns in the entry's p2nia_protected, "
            "or return that column from the loader",
        )
    X = ds.features.copy()
    X[protected] = ds.protected[protected].to_numpy()  # the platform's model may use it
    return ds, X, protected


def _fit(model_name, X, y, rep: int) -> tuple:
    """An 80/20 split of ``X`` stratified by ``y`` (seed ``rep``) and the platform's model,
    fitted on its training part by its registry entry (``ethiclens.p2nia.get_model``): the
    model, the test rows and their labels."""
    from sklearn.model_selection import train_test_split

    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.2, stratify=y, random_state=rep)
    return get_model(model_name, "--model").fit(X_tr, y_tr, rep), X_te, y_te


def _domains(X: pd.DataFrame) -> dict:
    """The black-box auditor's knowledge: each attribute's set of values or numeric range."""
    out = {}
    for c in X.columns:
        if pd.api.types.is_numeric_dtype(X[c]) and X[c].nunique() > 20:
            out[c] = (float(X[c].min()), float(X[c].max()))
        else:
            out[c] = sorted(pd.unique(X[c]).tolist(), key=str)
    return out


def run_task(task: dict, models: tuple = ()) -> list[dict]:
    """One (dataset, model, repetition, mechanism, ε) cell: every n′ it needs. ``models``:
    entries of models registered at run time, registered here when this is a worker process
    that lacks them."""
    for entry in models:
        if entry.name not in model_names():
            register_model(entry)
    # Fitting the models and the synthesisers warns on every call (convergence, dtypes); the
    # filter is scoped to the task, so the caller's warning settings are left as they were.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _run_task(task)


@functools.lru_cache(maxsize=1)
def _prepared(dataset: str, model_name: str, rep: int):
    """The split, the platform's model, the labelled audit data and the reference of one
    (dataset, model, repetition); cached so the tasks of one repetition that run in the same
    process fit the model once (deterministic: the same seed gives the same model)."""
    ds, X, protected = _load(dataset)
    model, X_te, y_te = _fit(model_name, X, ds.label, rep)
    audit = X_te.reset_index(drop=True).copy()
    audit["_y"] = y_te.to_numpy()
    audit["_pred"] = model.predict(X_te)
    groups = sorted(map(str, pd.unique(X[protected])))
    codes = pd.Categorical(audit[protected].astype(str), categories=groups).codes
    reference = metrics_from_joint(
        joint_from_codes(codes, audit["_y"], audit["_pred"], len(groups))
    )
    return X, protected, model, audit, groups, reference


def _run_task(task: dict) -> list[dict]:
    rep = task["rep"]
    X, protected, model, audit, groups, reference = _prepared(task["dataset"], task["model"], rep)
    audit = audit.copy()  # the cached frame is never handed out
    rows = []
    start = time.perf_counter()
    mech, eps = task["mechanism"], task["epsilon"]
    # never sample with replacement: cap n′ at the audit rows, each n′ once (a size at or
    # above the audit rows besides another one was drawn twice, with the same seed)
    sizes = sorted({min(int(n), len(audit)) for n in task["sizes"]})
    extra = [c for c in X.columns if c != protected][: task["extra_columns"]]
    seed = 1000 * rep + int(eps * 10)
    if mech == "blackbox":
        dom = _domains(X)
        for n in sizes:
            est = blackbox_audit(model.predict, dom, protected, n, random_state=seed + n)
            rows += [_row(task, n, m, est.get(m), reference[m], start) for m in METRICS]
        return rows
    mechanism = get_mechanism(mech, "--mechanisms")
    if not hasattr(mechanism, "fit_and_sample"):  # released afresh for every n′ (GRR)
        accounting = task.get("accounting", "record")
        settings = dict(mechanism=mech, epsilon=eps, protected_domain=groups, accounting=accounting)
        # Each metric from a release of only the columns it needs: DP from (A, Ŷ), EO and EOpp
        # from (A, Y, Ŷ); the two releases use independent draws.
        parts = [["dp"], [m for m in METRICS if NEEDS_Y[m]]]
        for n in sizes:
            for i, part in enumerate(parts):
                req = make_request(n, protected, metrics=part, **settings)
                rel = release(req, audit, "_y", "_pred", random_state=seed + n + 7919 * i)
                est = estimate(rel, n_boot=0).values
                rows += [
                    _row(task, n, m, est[m]["value"], reference[m], start, rel.manifest)
                    for m in part
                ]
        return rows
    # MST / AIM: fit once on the audit data and sample every n′ from the same model.
    settings = mechanism.Settings(
        eps, workload=task.get("workload", "audit"), aim_rounds=task.get("aim_rounds")
    )
    samples = mechanism.fit_and_sample(
        settings, audit, protected, groups, extra, BINS, sizes, np.random.default_rng(seed)
    )
    for n, table in samples.items():
        c = pd.Categorical(table[protected].astype(str), categories=groups).codes
        est = metrics_from_joint(joint_from_codes(c, table["Y"], table["Y_hat"], len(groups)))
        rows += [_row(task, n, m, est[m], reference[m], start) for m in METRICS]
    return rows


def _row(task, n, metric, est, ref, start, manifest=None) -> dict:
    est = None if est is None or not np.isfinite(est) else float(est)
    return {
        "dataset": task["dataset"],
        "model": task["model"],
        "rep": task["rep"],
        "mechanism": task["mechanism"],
        "epsilon": task["epsilon"],
        "accounting": manifest.get("accounting", "record") if manifest else None,
        "record_epsilon": manifest.get("record_epsilon") if manifest else None,
        "n": n,
        "metric": metric,
        "estimate": est,
        "reference": float(ref),
        "abs_error": None if est is None else abs(est - float(ref)),
        "seconds": time.perf_counter() - start,
    }


def tasks_for(cfg: ExperimentConfig) -> list[dict]:
    cfg.validate()
    eps_sizes = {10.0: set(cfg.sizes)}  # validate(): one or more sizes
    for e in (*cfg.epsilons, *cfg.metric_epsilons):
        eps_sizes.setdefault(float(e), set()).add(cfg.reference_size)
    no_eps = {0.0: set().union(*eps_sizes.values())}  # the black box: one set of sizes
    tasks = [
        {
            "dataset": cfg.dataset,
            "model": model,
            "rep": rep,
            "mechanism": mech,
            "epsilon": e,
            "sizes": sorted(sizes),
            "extra_columns": cfg.extra_columns,
            "accounting": cfg.accounting,
            **_synth_keys(cfg),
        }
        for model in cfg.models
        for rep in range(cfg.repetitions)
        for mech in cfg.mechanisms
        for e, sizes in (no_eps if mech == "blackbox" else eps_sizes).items()
    ]
    weight = {"aim": 3, "mst": 2}
    return sorted(tasks, key=lambda t: -weight.get(t["mechanism"], 1))


def _synth_keys(cfg: ExperimentConfig) -> dict:
    """The task's MST/AIM settings beyond the defaults (a default task stays as it was)."""
    keys = {"workload": cfg.workload} if cfg.workload != "audit" else {}
    return keys | ({"aim_rounds": cfg.aim_rounds} if cfg.aim_rounds is not None else {})


def _task_runner(cfg: ExperimentConfig):
    """:func:`run_task`, carrying the entries of the models registered at run time (spawned
    workers know only the built-in ones)."""
    extra = tuple(get_model(m, "--models") for m in cfg.models if not is_builtin_model(m))
    return functools.partial(run_task, models=extra) if extra else run_task


def partial_rows_path(out, dataset: str) -> Path:
    """Where :func:`run_experiment` keeps the rows of the finished tasks (``keep_in``) until
    :func:`write_experiment_outputs` has written the rows CSV into the same folder."""
    return Path(out) / f"{dataset}-rows.partial.csv"


def _row_keeper(keep_in, dataset: str):
    """A function appending each finished task's rows to the partial rows file of the folder
    ``keep_in`` (None: one that keeps nothing). A partial file already there (an interrupted
    run's finished rows) is refused, never overwritten."""
    if keep_in is None:
        return lambda rows: None
    _keeping_folder(keep_in)  # before any task: not a FileNotFoundError once one has ended
    path = partial_rows_path(keep_in, dataset)
    if path.exists() or path.is_symlink():
        raise argument_error(
            "holds the finished rows of an interrupted experiment (kept, never overwritten)"
            + _cut_note(path),
            "keep_in",
            str(path),
            f"move {path.name} aside (or delete it), then run again",
        )
    header = [True]

    def keep(rows: list[dict]) -> None:
        if rows:  # appended and flushed per task: a kill loses at most the tasks running
            text = csv_safe_frame(pd.DataFrame(rows)).to_csv(index=False, header=header[0])
            with open(path, "a", encoding="utf-8", newline="") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            header[0] = False
        keep.tasks += 1  # the note counts the tasks whose rows are in the file

    keep.tasks = 0
    return keep


def _cut_note(path: Path) -> str:
    """What a partial rows file ending mid-line says (a kill while a task's rows were being
    appended): its last line, and so the last task's rows, are incomplete, and a CSV reader
    would read the cut line as a row (a number cut short, the rest missing); '' else."""
    if not path.is_file():  # a FIFO there would block the read: it is refused without a note
        return ""
    try:
        with open(path, "rb") as f:
            if f.seek(0, os.SEEK_END) == 0:
                return ""
            f.seek(-1, os.SEEK_END)
            if f.read(1) == b"\n":
                return ""
    except OSError:  # unreadable: the refusal stands without the note
        return ""
    return (
        "; its last line is cut (the run was killed while writing a task's rows): that task's "
        "rows are incomplete and a CSV reader takes the cut line as a row, so drop the last "
        "task's rows before using the file"
    )


def _keeping_folder(keep_in) -> None:
    """``keep_in``: a folder path ('' would be the working folder), made if missing; a file
    there, or a folder that takes no files, refused as the argument before any task runs."""
    from ..io import _refuse_no_path, ensure_output_folder

    fix = "give the folder of the experiment's outputs, e.g. 'results/'"
    _refuse_no_path(keep_in, "keep_in", fix, "argument", folder=True)
    try:
        ensure_output_folder(keep_in, "keep_in")
    except EthicLensInputError as exc:
        raise exc.renamed({}, "argument") from None


@refusing_unknown_keywords
def run_experiment(
    cfg: ExperimentConfig, *, scheduler=None, workers=None, progress=None, keep_in=None
) -> pd.DataFrame:
    """Run every (model, repetition, mechanism, ε) task of ``cfg`` on the shared executors
    (local processes, or Dask at ``scheduler``) and return one row per estimate.

    ``keep_in``: a folder (the outputs' own) where each finished task's rows are appended to
    ``{dataset}-rows.partial.csv`` as it finishes, so an interrupted run (Ctrl-C, a kill)
    keeps its finished work; :func:`write_experiment_outputs` removes the file once the rows
    CSV is written. A partial file already there is refused, never overwritten."""
    from ._executors import LocalExecutor, make_executor

    tasks = tasks_for(cfg)
    _check_progress(progress)
    keep = _row_keeper(keep_in, cfg.dataset)
    # each experiment fits afresh in this process (workers=1: a notebook's): a model registered
    # again or a data file changed since the last one is not served from the cache
    _prepared.cache_clear()
    for m in cfg.models:  # a missing extra (xgboost) is named before any model is fitted
        get_model(m, "--models").check_installed()
    fresh = any(get_mechanism(m).fresh_process for m in cfg.mechanisms if m in mechanism_names())
    if fresh and scheduler is None:  # each MST/AIM task in a new process (Mechanism docs)
        executor = LocalExecutor(workers, max_tasks_per_child=1)
    else:
        executor = make_executor(scheduler, workers)
    results = []
    if progress:  # shown at once: the first task (an AIM fit, run first) can take minutes
        progress(0, len(tasks))
    try:
        for i, result in enumerate(executor.map_unordered(_task_runner(cfg), tasks), 1):
            results.append(result)
            keep(result)
            if progress:
                progress(i, len(tasks))
    except BaseException as exc:  # Ctrl-C, SIGTERM, a failed task: say where the rows are
        if keep_in is not None and keep.tasks:  # those written, not a failed write's
            kept = partial_rows_path(keep_in, cfg.dataset)
            exc.add_note(
                f"the rows of {keep.tasks} of {plural(len(tasks), 'task', grouped=False)} are "
                f"kept in {kept}"
            )
        raise
    finally:
        executor.close()
    # the rows in the tasks' order, not in the order the workers finished them: the same
    # config and seeds write the same rows CSV in the same order (only the timings differ)
    position = {_task_key(t): i for i, t in enumerate(tasks)}
    results.sort(key=lambda result: position[_task_key(result[0])] if result else -1)
    frame = pd.DataFrame([row for result in results for row in result])
    cfg.notes += [n for n in _capped_sizes(cfg, tasks, frame) if n not in cfg.notes]
    return frame


def _capped_sizes(cfg: ExperimentConfig, tasks: list[dict], frame: pd.DataFrame) -> list[str]:
    """A note for each asked n′ above the audit rows (``--sizes 99999999``): it was run at
    the audit rows (never drawn with replacement), which the rows' n says but no one was
    told."""
    if frame.empty:
        return []
    audit_rows = int(frame["n"].max())  # a capped n′ runs at the audit rows: the largest n
    asked = sorted({int(n) for t in tasks for n in t["sizes"]})
    return [
        f"n′ {n:,} (--sizes or n_ref) is more than the {audit_rows:,} audit rows of "
        f"{cfg.dataset} (its 20% test split): it was run at n′ = {audit_rows:,}, the rows "
        "and tables say that n′"
        for n in asked
        if n > audit_rows
    ]


def _task_key(task_or_row: dict) -> tuple:
    """What tells one task (and each row it returns) from the others."""
    return tuple(task_or_row[k] for k in ("dataset", "model", "rep", "mechanism", "epsilon"))


# folktables' ACS states: the 50 states and Puerto Rico (no DC). The paper's Fig. 1 audits a
# California model with "the remaining fifty in the dataset": every one of these but CA.
ACS_STATES = list(ds_mod.ACS_STATES)  # the one list: datasets.acs_states checks by it


def _code(code):
    """A state code as compared: text stripped and upper-cased ('ne ' is NE); anything else
    (None, inf, b'ne', 10**5000) as given, never upper-cased: its refusal quotes what was
    given, not 'NONE', 'INF' or '(5,001 DIGITS)' (nor offers 'NE' for None)."""
    item = code.item() if getattr(code, "ndim", None) == 0 else code  # np.array('ne'): NE
    return str(item).strip().upper() if isinstance(item, str) else code


def _state(code, flag: str) -> str:
    fix = f"use a two-letter code, one of {', '.join(ACS_STATES)}"
    state = _code(code)
    return check_member(state, ACS_STATES, column=flag, problem="unknown ACS state code", fix=fix)


def audit_states_for(
    train_state: str, audit_states, flag: str = "audit_states", train_flag: str = "train_state"
) -> list[str]:
    """The audit states, ``"all"`` meaning every other ACS state (the paper's Fig. 1); codes
    checked and upper-cased, each state once."""
    train = _state(train_state, train_flag)
    refused = partial(EthicLensInputError, column=flag)
    if isinstance(audit_states, str):
        audit_states = [audit_states]
    zero_d = getattr(audit_states, "ndim", None) == 0  # np.array('NE'): iterating it raises
    if isinstance(audit_states, BYTES_LIKE) or not isinstance(audit_states, Iterable) or zero_d:
        problem = "must be state codes (a list of them, or 'all'), not"
        fix = f"e.g. {flag}=['NE', 'TX'], or 'all'"
        raise type_refusal(audit_states, problem, column=flag, fix=fix)
    audit_states = list(audit_states)  # a generator read once: not used up by the checks
    typed = ",".join(map(plain_text, audit_states))
    given = [plain_text(_code(s)) for s in audit_states]  # text: "ALL" compared safely
    if given == ["ALL"]:
        return [s for s in ACS_STATES if s != train]
    if "ALL" in given:
        problem = "'all' cannot be combined with named states"
        raise refused(problem, value=typed, fix="pass 'all' alone, or list the states")
    if not given:
        raise refused("no audit state given", fix=f"e.g. {flag} NE, or 'all'")
    states = [_state(s, flag) for s in audit_states]
    repeated = sorted({s for s in states if states.count(s) > 1})
    if repeated:
        problem = (
            f"{', '.join(repeated)} given more than once (its error would count twice in the "
            "mean over states)"
        )
        raise refused(problem, value=typed, fix="list each state once")
    if train in states:
        raise refused(
            f"{train} is the training state: its records are the model's own population (the "
            "reference), not another state's, and would pull the mean error towards 0",
            value=typed,
            fix=f"list other states than {train}, or 'all' for every other state",
        )
    return states


POPULATION_BIAS_SCHEMA_VERSION = "1.0"


def population_bias_document(frame: pd.DataFrame) -> dict:
    """The ``p2nia population-bias --json`` document of :func:`cross_population`'s frame:
    ``schema_version`` and ``kind`` as every other JSON output has them, and one record per
    repetition and audit state in ``records`` (undefined numbers null, every digit kept:
    pandas' ``to_json`` rounded to 10 places, a DP of 1e-11 read 0.0)."""
    from ..io import json_ready

    return {
        "schema_version": POPULATION_BIAS_SCHEMA_VERSION,
        "kind": "p2nia_population_bias",
        "records": json_ready(frame.to_dict(orient="records")),
    }


POPULATION_BIAS_COLUMNS = ("train_state", "audit_state", "reference_dp", "blackbox_dp")


def check_population_rows(frame) -> None:
    """``frame``: :func:`cross_population`'s rows, at least one; refused naming what is
    missing (no rows raised an AttributeError or IndexError, or drew an empty figure)."""
    fix = "pass the rows cross_population returns"
    if not isinstance(frame, pd.DataFrame):
        problem = (
            f"must be a pandas DataFrame of cross_population's rows, not {type(frame).__name__}"
        )
        raise EthicLensInputError(problem, column="frame", kind="argument", fix=fix)
    missing = [c for c in (*POPULATION_BIAS_COLUMNS, "abs_error") if c not in frame.columns]
    if missing:
        problem = (
            f"has no column {', '.join(map(repr, missing))} (cross_population's rows have them)"
        )
        raise EthicLensInputError(problem, column="frame", kind="argument", fix=fix)
    if frame.empty:
        problem = "has no rows: no population bias to summarise"
        raise EthicLensInputError(problem, column="frame", kind="argument", fix=fix)


def _mean(values) -> str:
    """A mean of DPs or errors as shown: 'undefined' where none is defined (never 'nan')."""
    mean = _numbers(values)
    return "undefined" if pd.isna(mean) else f"{mean:.4f}"


def population_bias_lines(frame: pd.DataFrame) -> list[str]:
    """The ``p2nia population-bias`` summary of :func:`cross_population`'s frame: each audit
    state's mean DPs and error, then (several states) the mean error over them."""
    check_population_rows(frame)
    train = frame.train_state.iloc[0]
    lines = [
        f"model trained in {train}, audited with {state}'s records: "
        f"reference DP {_mean(part.reference_dp)}, black-box DP "
        f"{_mean(part.blackbox_dp)}, mean absolute error "
        f"{_mean(part.abs_error)} over {len(part)} repetitions"
        for state, part in frame.groupby("audit_state")
    ]
    n_states = frame.audit_state.nunique()
    if n_states > 1:
        means = frame.groupby("audit_state").abs_error.apply(_numbers)
        lines.append(f"mean absolute error over {n_states} audit states: {_mean(means)}")
    return lines


def _numbers(values) -> float:
    """The mean of ``values`` (NaN where none is a number)."""
    return pd.to_numeric(values, errors="coerce").mean()


def cross_population(
    train_state: str = "CO",
    audit_states=("NE",),
    *,
    model: str = "rf",
    repetitions: int = 3,
    year: int = 2018,
    download: bool = False,
    progress=None,
) -> pd.DataFrame:
    """Population bias on real data: a model trained in one ACSIncome state, audited by a
    black-box auditor who queries it with another state's real records (DP by sex).

    The reference is the model's DP on its own state's held-out records. Shipped states (CO,
    NE for 2018) work offline; others load through folktables (``download=True``) into the
    checksummed cache. ``audit_states="all"`` is every other ACS state, the paper's Fig. 1
    (trained on CA: ``cross_population("CA", "all", download=True)``). Every state is loaded
    before any model is trained, so a missing or unknown state fails first.
    """
    get_model(model, "--model").check_installed()
    check_repetitions(repetitions, "repetitions", fix="e.g. repetitions=3")
    _check_progress(progress)  # called after the first model is trained: checked before
    states = audit_states_for(train_state, audit_states)
    train = _state(train_state, "train_state")
    loaded = _load_states([train, *states], year, download)
    ds = loaded[train]
    # the model may use SEX, and the auditor queries with each state's own values of it
    queries = {s: d.features.assign(SEX=d.protected["SEX"].to_numpy()) for s, d in loaded.items()}
    X = queries.pop(train)
    rows = []
    for rep in range(repetitions):
        fitted, X_te, _ = _fit(model, X, ds.label, rep)
        reference = _dp_by_sex(fitted, X_te)
        for state, Q in queries.items():
            est = _dp_by_sex(fitted, Q)
            rows.append(
                {
                    "train_state": ds.provenance["states"][0],
                    "audit_state": state,
                    "rep": rep,
                    "model": model,
                    "reference_dp": reference,
                    "blackbox_dp": est,
                    "abs_error": abs(est - reference),
                }
            )
        if progress:
            progress(rep + 1, repetitions)
    return pd.DataFrame(rows)


def _check_progress(progress) -> None:
    """``progress``: None or a function progress(done, total), refused before any work; a
    false value (progress=False, as run_sweep's) is no progress, as it always was."""
    if progress and not callable(progress):
        fix = "e.g. progress=lambda done, total: print(done, total)"
        raise argument_error(
            "must be a function progress(done, total), or None", "progress", progress, fix
        )


def _load_states(states: list, year: int, download: bool) -> dict:
    """Every state's ACSIncome, loaded before any model is trained: one message lists all the
    states missing from the cache (only without ``download``)."""
    loaded, missing = {}, []
    for state in states:
        try:
            loaded[state] = ds_mod.load_acs_income([state], year=year, download=download)
        except NotInCacheError:
            missing.append(state)
    if missing:
        shown = ", ".join(missing[:10]) + (
            f" and {len(missing) - 10} more" if len(missing) > 10 else ""
        )
        raise DataFileError(
            f"{len(missing)} of the {len(states)} states' ACS {year} person files are not in "
            f"the cache: {shown}",
            fix="allow downloading them (download=True; CLI: --download) on a machine with "
            "internet access, or use the shipped states (CO, NE for 2018)",
        )
    return loaded


def _dp_by_sex(model, frame: pd.DataFrame) -> float:
    codes = pd.Categorical(frame["SEX"], categories=["Female", "Male"]).codes
    pred = model.predict(frame)
    joint = joint_from_codes(codes, np.zeros(len(frame), int), pred, 2)
    return metrics_from_joint(joint, ["dp"])["dp"]
