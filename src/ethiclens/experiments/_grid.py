"""A sweep is a declarative grid: datasets × attributes × ε × seeds, with trainer settings.

Given in code (:class:`SweepGrid`), as a preset (``quick``, ``paper``) or in a TOML/YAML/JSON
file whose keys are the dataclass's fields. Unknown keys and impossible values are errors that
name the key.
"""

from __future__ import annotations

import hashlib
import json
import math
import numbers
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import numpy as np

from .. import datasets as ds_mod
from .._checks import (
    DP_EPSILON_MAX,
    NUMBER_FIX,
    _setting_error,
    check_argument_type,
    check_dp_delta,
    check_member,
    check_seed,
    choice_error,
    did_you_mean,
    epsilon_fix,
    float_items,
    is_number_text,
    names_words,
    printed_float,
    refuse_whole_decimal,
    underflow_words,
    underflows,
)
from .._keywords import refusing_unknown_keywords
from .._text import plural
from .._version import __version__
from ..errors import CommandText, EthicLensInputError, _kind, plain_text
from ..fairness import refuse_unknown
from ..privacy import (
    ACCOUNTANTS,
    OPTIMIZER_RANGES,
    TrainConfig,
    check_batch_settings,
    dp_epsilon,
    get_trainer,
    trainer_names,
)
from ._pcer_data import attributes_of

PAPER_EPSILONS = (0.1, 0.5, 1.0, 5.0, 10.0, None)  # None = no DP
# Bump when stored numbers would change meaning (a store refuses runs from another version).
STORE_VERSION = "1"


@refusing_unknown_keywords(init=True)  # SweepGrid(typo=...): audit()'s refusal
@dataclass
class SweepGrid:
    """A declarative PCER sweep: datasets × attributes × ε × seeds, with trainer settings.

    Attributes
    ----------
    datasets : list of str
        Registered PCER datasets.
    attributes : dict
        Dataset -> its attributes to audit (default: every one of the dataset).
    epsilons : list
        Budgets; None (or ``'none'``) = no DP.
    seeds : int or list of int
        A count N (seeds 0..N-1) or a list.
    trainer : str
        A registered DP-SGD trainer (:func:`~ethiclens.privacy.trainer_names`; built in:
        ``vectorized``, the default, and ``opacus``).
    train : dict
        :class:`~ethiclens.privacy.TrainConfig` overrides (epochs, batch_size, ...).
    max_rows : int, optional
        A stratified slice of each dataset (tests, smoke runs).
    features : str
        The datasets' named feature set: ``full`` (default) or ``paper`` (the PCER paper's
        stated lists; Adult's six columns and 46,033 rows).
    """

    datasets: list = field(default_factory=lambda: ["compas"])
    attributes: dict = field(default_factory=dict)  # dataset -> attributes (default: all)
    epsilons: list = field(default_factory=lambda: list(PAPER_EPSILONS))
    seeds: list = field(default_factory=lambda: list(range(10)))
    trainer: str = "vectorized"
    train: dict = field(default_factory=dict)  # TrainConfig overrides (epochs, batch_size, ...)
    max_rows: int | None = None  # stratified slice of each dataset (tests, smoke runs)
    features: str = "full"  # the datasets' named feature set ("full" or "paper")

    def __post_init__(self):
        self._check_all()

    def _check_all(self) -> None:
        """Every field checked (and normalised) as at construction: :func:`run_sweep` calls it
        before any store or worker, as a field may have been set since (``grid.epsilons =
        [1.0, -1.0]`` would otherwise train the 1.0 runs before the -1.0 ones failed)."""
        try:
            self._check_fields()
        except EthicLensInputError as exc:
            raise _as_key(exc) from None

    def _check_fields(self) -> None:
        self.seeds, self.max_rows = _seeds(_plain(self.seeds)), _plain(self.max_rows)
        if isinstance(self.train, dict):
            self.train = {k: _plain(v) for k, v in self.train.items()}
        if not isinstance(self.epsilons, (list, tuple)):
            problem = "must be a list of budgets"
            fix = "e.g. epsilons = [1.0, 'none']"
            raise EthicLensInputError(problem, column="epsilons", value=self.epsilons, fix=fix)
        # a NumPy float as it is: dp_epsilon reads it (a longdouble 1e400 is no inf, no "no DP")
        plain = [e if isinstance(e, np.floating) else _plain(e) for e in self.epsilons]
        self.epsilons = [dp_epsilon(e, "epsilons", DP_EPSILON_MAX) for e in plain]
        try:
            self.validate()
        except EthicLensInputError as exc:  # repeated budgets each as written: 2.10 and 2.1
            if (exc.column, exc.problem) != ("epsilons", "duplicate budgets"):
                raise
            from ..io import as_written

            pairs = zip(self.epsilons, plain, strict=True)
            shown = [as_written(v) if e is not None else "no-DP" for e, v in pairs]
            raise EthicLensInputError(
                exc.problem, column="epsilons", value=shown, fix=exc.fix
            ) from None

    def validate(self) -> None:
        """Raise :class:`~ethiclens.errors.EthicLensInputError` naming the first bad field."""
        _check_types(self)
        _check_datasets(self.datasets, self.attributes)
        _check_budgets_and_seeds(self.epsilons, self.seeds)
        get_trainer(self.trainer, "trainer")  # an unknown name lists the registered ones
        _check_train(self.train)
        _check_features_and_rows(self)

    def check_data(self, rows=None) -> None:
        """Check the grid against the data before anything is trained or stored: every
        dataset's training split must hold more rows than a batch (DP-SGD's Poisson sample
        rate batch_size / n_train must be below 1), else every run would fail at train time.

        ``rows`` maps a dataset to its row count (default: each dataset is loaded with the
        grid's feature set; one that cannot be loaded is left to its runs, which record why).
        """
        config = self.train_config()
        batch, test_size = config.batch_size, config.test_size
        for d in self.datasets:
            n = rows.get(d) if rows is not None else None
            if n is None and self.max_rows is not None:
                # at most max_rows: a batch not below that split fails whatever the data
                cap = _train_rows(self.max_rows, test_size)
                if batch >= cap:
                    raise _batch_error(d, batch, cap, self.max_rows, test_size, True)
            if n is None:
                n = _dataset_rows(d, self.features)
                if n is None:
                    continue
            if self.max_rows is not None:
                n = min(n, self.max_rows)
            n_train = _train_rows(n, test_size)
            if batch >= n_train:
                raise _batch_error(d, batch, n_train, n, test_size, self.max_rows == n)

    def train_config(self) -> TrainConfig:
        """The trainer settings as a :class:`~ethiclens.privacy.TrainConfig`."""
        values = dict(self.train)  # (key, value) pairs too: a field set after the checks
        if "hidden" in values:  # made a tuple before TrainConfig checks the keys (as before)
            values["hidden"] = tuple(values["hidden"])
        return TrainConfig(**values)

    def attributes_for(self, dataset: str) -> list[str]:
        """The attributes audited for ``dataset`` (default: all of its PCER attributes)."""
        return list(self.attributes.get(dataset) or attributes_of(dataset))

    def units(self) -> list[tuple[str, float | None, int]]:
        """Every (dataset, ε, seed) training run; one run serves all the dataset's attributes."""
        return [(d, e, s) for d in self.datasets for e in self.epsilons for s in self.seeds]

    def config_hash(self) -> str:
        """What must match for two runs to share a store: trainer, its settings, the data
        slice, the feature set and the code version; not the lists of datasets, budgets or
        seeds (a sweep can grow). The default feature set (``full``) is left out of the key, so
        stores written before feature sets existed still resume."""
        key = {
            "trainer": self.trainer,
            "train": self.train_config().to_dict(),
            "max_rows": self.max_rows,
            "store_version": STORE_VERSION,
            "ethiclens": ".".join(__version__.split(".")[:2]),
        }
        if self.features != "full":
            key["features"] = self.features
        return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]

    def describe(self) -> str:
        """The grid in one line: runs, datasets, budgets, seeds, trainer and feature set."""
        budgets = [e if e is not None else "no-DP" for e in self.epsilons]
        return (
            f"{plural(len(self.units()), 'run', grouped=False)} ({', '.join(self.datasets)}; "
            f"ε {budgets}; {plural(len(self.seeds), 'seed', grouped=False)}; trainer "
            f"{self.trainer}; features {self.features})"
        )

    def to_dict(self) -> dict:
        """JSON-ready fields (budgets as labels: ``no-DP`` for None)."""
        d = asdict(self)
        d["epsilons"] = [epsilon_label(e) for e in self.epsilons]
        return d


def _train_rows(n: int, test_size: float) -> int:
    """Rows in the training split of ``n`` (scikit-learn's train_test_split: the test split
    takes ceil(test_size · n))."""
    return n - math.ceil(test_size * n)


def _dataset_rows(name: str, features: str) -> int | None:
    """Rows of a PCER dataset (None when it cannot be loaded here: its runs will say why)."""
    from ._runner import _dataset

    try:
        return len(_dataset(name, features))
    except (EthicLensInputError, OSError, ImportError):
        return None


def _batch_error(dataset, batch, n_train, n, test_size, capped) -> EthicLensInputError:
    where = f"max_rows = {n:,}" if capped else f"{n:,} rows"
    largest = max(1, n_train - 1)
    example = min(256, 2 ** int(math.log2(largest)))
    return EthicLensInputError(
        f"batch size {batch:,} is not below the {n_train:,} training rows of {dataset} "
        f"({where}, test_size {test_size:g}): DP-SGD's sample rate batch_size / n_train must be "
        "below 1, so every run would fail",
        column="train.batch_size",
        kind="key",
        value=batch,
        fix=f"use a batch_size of at most {largest:,} (e.g. {example})"
        + (", or a larger max_rows" if capped else "")
        + "; nothing was trained or stored",
    )


MAX_SEEDS = 100_000
# TrainConfig field -> (kind, low, high, low inclusive): checked before anything is trained.
TRAIN_RANGES = {
    # epochs, batch_size: the trainer's own check and words (check_batch_settings: 'give 5'
    # for 5.0, 'between 1 and 100,000'), named as the grid's key
    "epochs": ("int", 1, 100_000, True),
    "batch_size": ("int", 1, None, True),
    # lr, momentum, max_grad_norm, test_size: the bounds train_dp_mlp and prepare check, so the
    # two cannot drift
    **{name: ("float", *bounds) for name, bounds in OPTIMIZER_RANGES.items()},
    # delta: check_dp_delta's range and words (check_delta's, with DP-SGD's floor)
}


def _as_key(exc: EthicLensInputError) -> EthicLensInputError:
    """An error about a grid field (``epsilons``, ``train.epochs``) named as the key it is in a
    grid file, not as a column; a face that set the field by a flag renames it to the flag."""
    grid_keys = {f.name for f in fields(SweepGrid)}
    if str(exc.column).split(".")[0] not in grid_keys:
        return exc
    value = _written(exc.value)  # a file's 2.10 as written, not the 2.1 it reads as
    return EthicLensInputError(exc.problem, column=exc.column, value=value, fix=exc.fix, kind="key")


def _written(value):
    """A grid file's number as it wrote it (``'2.10'``, io's ``as_written``), in a list too;
    anything else as it is."""
    from ..io import as_written

    if type(value) in (list, tuple) and any(hasattr(v, "yaml_text") for v in value):
        return [as_written(v) if hasattr(v, "yaml_text") else v for v in value]
    return as_written(value) if hasattr(value, "yaml_text") else value


def _plain(x):
    """A NumPy integer as the Python int it equals and a NumPy float as the float it prints
    as (a float32 ε of 0.1 is 0.1, as TrainConfig reads one; a list's items too), as every
    field takes them; anything else as it is."""
    if isinstance(x, numbers.Integral) and not isinstance(x, int):  # a Python int kept
        return int(x)
    if isinstance(x, np.floating):
        return printed_float(x)
    return type(x)(_plain(v) for v in x) if type(x) in (list, tuple) else x


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _seeds(value) -> list:
    """``seeds``: a count N (seeds 0..N-1) or a list of non-negative integers."""
    refuse_whole_decimal(value, "seeds", _seeds, kind=_kind("seeds"))  # 10.0: give 10
    if _is_int(value):
        if not 1 <= value <= MAX_SEEDS:
            problem = (
                f"seeds = {plain_text(value)} gives {'no' if value < 1 else 'too many'} seeds: "
                f"a count N runs seeds 0..N-1 and must be from 1 to {MAX_SEEDS:,}"
            )
            fix = "e.g. seeds = 10, or a list such as [0, 1, 2]"
            raise EthicLensInputError(problem, column="seeds", value=value, fix=fix)
        return list(range(value))
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, CommandText):  # --seeds abc: a count, the flag's one form (no list)
        problem = f"seeds must be a count (integer) from 1 to {MAX_SEEDS:,}: a count N runs "
        fix = "e.g. seeds = 10 (seeds 0..9)"
        raise EthicLensInputError(problem + "seeds 0..N-1", column="seeds", value=value, fix=fix)
    shown = value if not isinstance(value, float) or math.isfinite(value) else str(value)
    # a file's float is io's WrittenFloat (its text kept): the user wrote a float
    kind = "float" if isinstance(value, float) else type(value).__name__
    problem = f"seeds must be a count (integer) or a list of integers, not {kind}"
    fix = "e.g. seeds = 10 (seeds 0..9) or seeds = [0, 1, 2]"
    raise EthicLensInputError(problem, column="seeds", value=shown, fix=fix)


def _check_types(grid) -> None:
    names = isinstance(grid.datasets, (list, tuple)) and all(
        isinstance(d, str) for d in grid.datasets
    )
    _check_type(
        grid, "datasets", names, "must be a list of dataset names", 'e.g. datasets = ["compas"]'
    )
    _refuse_repeats(grid.datasets, "datasets", "datasets repeated", "list each dataset once")
    lists = isinstance(grid.attributes, dict) and all(
        isinstance(a, (list, tuple)) for a in grid.attributes.values()
    )
    problem = "must map a dataset to a list of attributes"
    _check_type(grid, "attributes", lists, problem, 'e.g. attributes = {compas = ["race"]}')
    _check_type(grid, "trainer", str, "must be a trainer name", f"choose from {trainer_names()}")
    _check_type(
        grid, "train", dict, "must be a table of trainer settings", "e.g. [train] epochs = 5"
    )


def _check_type(grid, name: str, kind, problem: str, fix: str) -> None:
    """Refuse field ``name`` unless it is of type ``kind`` (a bool: whether it is fine)."""
    value = getattr(grid, name)
    if not (kind if isinstance(kind, bool) else isinstance(value, kind)):
        raise EthicLensInputError(problem, column=name, value=value, fix=fix)


def _check_datasets(datasets, attributes: dict) -> None:
    """Registered PCER datasets, and attributes only of those, each known to its dataset."""
    known = ds_mod.names("pcer")
    if not datasets:
        raise EthicLensInputError(
            "no dataset in the grid", column="datasets", fix=f"choose from {known}"
        )
    for d in datasets:
        check_member(d, known, column="datasets", problem="unknown dataset")
    for d, attrs in attributes.items():
        if d not in datasets:
            problem = "attributes given for a dataset not in the grid"
            fix = f"add {d} to datasets or drop its attributes"
            raise EthicLensInputError(problem, column="attributes", value=d, fix=fix)
        if not attrs:  # never read as "every attribute", which leaving it out means
            raise EthicLensInputError(
                f"lists no attribute for {d}",
                column=f"attributes.{d}",
                value=list(attrs),
                fix=f"list the ones to audit, e.g. {attributes_of(d)}, or leave {d} out of "
                "attributes to audit every one of its attributes",
            )
        for a in attrs:
            if a not in attributes_of(d):
                # the one wording of every choice (_checks.choice_error), not a Python list
                raise choice_error(
                    a, attributes_of(d), column="attributes", what=f"attribute for {d}"
                )
        _refuse_repeats(list(attrs), "attributes", f"{d}'s attributes repeated", "list each once")


def _check_budgets_and_seeds(epsilons, seeds) -> None:
    """At least one budget and one seed; seeds integers in [0, 2**32); none repeated."""
    if not epsilons:
        raise EthicLensInputError(
            "no privacy budget", column="epsilons", fix="e.g. epsilons = [1.0, 'none']"
        )
    if not seeds or any(not _is_int(s) or s < 0 for s in seeds):
        problem = "seeds must be a non-empty list of non-negative integers"
        fix = "e.g. seeds = 10 (seeds 0..9) or seeds = [0, 1, 2]"
        raise EthicLensInputError(problem, column="seeds", value=seeds, fix=fix)
    for s in seeds:
        check_seed(s, "seeds")
    _refuse_repeats(seeds, "seeds", "duplicate seeds", "list each seed once")
    _refuse_repeats(epsilons, "epsilons", "duplicate budgets", "list each ε once", epsilon_label)


def _refuse_repeats(values, column: str, problem: str, fix: str, label=None) -> None:
    """Refuse a list of ``values`` with a repeat, showing it (or each value's ``label``)."""
    if len(set(values)) != len(values):
        shown = values if label is None else [label(v) for v in values]
        raise EthicLensInputError(problem, column=column, value=shown, fix=fix)


def _check_features_and_rows(grid) -> None:
    """A feature set every dataset has, and ``max_rows`` absent or at least 50."""
    fix = "e.g. features = 'paper' (or 'full')"
    _check_type(grid, "features", str, "must be a feature set's name", fix)
    for d in grid.datasets:
        ds_mod.get_entry(d).check_features(grid.features, flag="features")
    if grid.max_rows is not None and (not _is_int(grid.max_rows) or grid.max_rows < 50):
        raise _setting_error(  # Decimal('100'): "pass it as an int, not a Decimal"
            "must be an integer >= 50 (or absent: all rows)",
            column="max_rows",
            value=grid.max_rows,
            fix="e.g. max_rows = 1200",
        )


def _check_train(train: dict) -> None:
    """Known TrainConfig fields, each of its type and in its range."""
    from ..io import as_written

    allowed = {f.name for f in fields(TrainConfig)}
    for key in train:
        if key not in allowed:
            problem = "unknown trainer setting"
            fix = did_you_mean(key, sorted(allowed)) + f"choose from {names_words(sorted(allowed))}"
            raise EthicLensInputError(problem, column=f"train.{key}", fix=fix)
    if "delta" in train:
        check_dp_delta(train["delta"], "train.delta")
    for key, (kind, low, high, inclusive) in TRAIN_RANGES.items():
        if key not in train:
            continue
        v = train[key]
        if kind == "int":
            try:
                check_batch_settings(TrainConfig(**{key: v}))
            except EthicLensInputError as exc:
                raise exc.renamed({key: f"train.{key}"}, kind="key") from None
            continue
        number = _is_int(v) or (kind == "float" and isinstance(v, float))
        # NaN and ±inf fail a comparison with the finite bounds
        if not (number and (low <= v if inclusive else low < v) and v <= high):
            what = "an integer" if kind == "int" else "a number"
            bounds = f"{'[' if inclusive else '('}{low:g}, {high:g}]"
            raise _setting_error(  # a Decimal in range: "pass it as a float, not a Decimal"
                f"must be {what} in {bounds}",
                column=f"train.{key}",
                # a non-finite float as the file wrote it (1e400, not the inf it read as)
                value=v if not isinstance(v, float) or math.isfinite(v) else as_written(v),
                fix=f"e.g. {key} = {getattr(TrainConfig(), key)!r}",
            )
    if "hidden" in train:
        h = train["hidden"]
        if not (
            isinstance(h, (list, tuple)) and h and all(_is_int(w) and 1 <= w <= 100_000 for w in h)
        ):
            problem = "hidden layer widths must be a non-empty list of integers from 1 to 100,000"
            fix = "e.g. hidden = [64, 32]"
            raise EthicLensInputError(problem, column="train.hidden", value=h, fix=fix)
    if "accountant" in train and train["accountant"] not in ACCOUNTANTS:
        raise choice_error(
            train["accountant"], ACCOUNTANTS, column="train.accountant", what="accountant"
        )


def epsilon_label(eps) -> str:
    """``no-DP`` for None, else ε in ``%g`` form."""
    return "no-DP" if eps is None else f"{eps:g}"


PRESETS = {
    "quick": dict(datasets=["compas"], epsilons=[1.0, None], seeds=[0, 1], train={"epochs": 5}),
    # The PCER paper's grid: its datasets (every built-in PCER dataset of the registry), its
    # budgets, 50 seeds and its stated feature lists.
    "paper": dict(
        datasets=ds_mod.names("pcer"),
        epsilons=list(PAPER_EPSILONS),
        seeds=list(range(50)),
        features="paper",
    ),
}


def preset(name: str, **overrides) -> SweepGrid:
    """A named grid, with any field overridden.

    Parameters
    ----------
    name : {"quick", "paper"}
        ``quick``: COMPAS, ε ∈ {1, no-DP}, 2 seeds, 5 epochs. ``paper``: the PCER paper's grid
        (its four datasets, ε ∈ {0.1, 0.5, 1, 5, 10, no-DP}, 50 seeds, the paper's feature
        sets).
    **overrides
        :class:`SweepGrid` fields.

    Returns
    -------
    SweepGrid
    """
    if not isinstance(name, str) or name not in PRESETS:
        raise choice_error(name, sorted(PRESETS), column="name", kind="argument", what="preset")
    refuse_unknown("preset", overrides, sorted(f.name for f in fields(SweepGrid)))
    return SweepGrid(**{**PRESETS[name], **overrides})


def load_grid(path: str | Path, **overrides) -> SweepGrid:
    """A grid from TOML, YAML or JSON; the file's keys are SweepGrid's fields.

    Parameters
    ----------
    path : str or Path
        ``.toml``, ``.yaml``/``.yml`` or ``.json``; YAML is read with ``safe_load``.
    **overrides
        :class:`SweepGrid` fields that replace the file's.

    Returns
    -------
    SweepGrid
    """
    return read_grid(path, "path", overrides)


def read_grid(path, name: str, overrides: dict) -> SweepGrid:
    """:func:`load_grid` of the file that the caller's argument ``name`` gave (its refusals
    name it: ``path``, or :func:`sweep_grid`'s ``grid_file``); what is no path (None, a
    number, a list) or a blank one is refused naming it, never a TypeError or '.'."""
    fix = "give the path of a TOML, YAML or JSON grid file (e.g. grid.toml)"
    problem = "must be a path (str or os.PathLike), not"
    check_argument_type(path, (str, os.PathLike), column=name, problem=problem, fix=fix)
    if isinstance(path, str) and not path.strip():  # Path('') is the working folder '.'
        raise EthicLensInputError("must not be empty", column=name, kind="argument", fix=fix)
    raw = _read_grid_file(Path(path), name)
    allowed = sorted(f.name for f in fields(SweepGrid))
    refuse_unknown("load_grid", overrides, allowed)
    for key in raw:
        if key not in allowed:
            problem = "unknown key in grid file"
            fix = did_you_mean(plain_text(key), allowed) + f"allowed keys: {names_words(allowed)}"
            raise EthicLensInputError(problem, column=key, kind="key", fix=fix)
    return SweepGrid(**{**raw, **overrides})


def _read_grid_file(path: Path, name: str) -> dict:
    """A grid file's mapping of keys: an existing TOML, YAML or JSON file of configuration size
    that parses (YAML with ``safe_load``: no tags); a refusal names the argument ``name``."""
    from ..io import read_config_file

    try:
        raw = read_config_file(
            path, "--grid", "sweep grid", suffixes=(".toml", ".yaml", ".yml", ".json")
        )
    except EthicLensInputError as exc:  # pcer sweep's flags_named names its flag --grid again
        raise exc.renamed({"--grid": name}, kind="argument") from None
    if not isinstance(raw, dict):
        problem = "a grid file must be a mapping of keys"
        fix = "e.g. datasets: [compas] / epsilons: [1, none]"
        raise EthicLensInputError(problem, column=name, kind="argument", fix=fix)
    _refuse_underflow(raw, path)
    return raw


def _refuse_underflow(raw: dict, path: Path) -> None:
    """Refuse a number the grid file wrote that a double rounds to 0 (``momentum = 1e-400``),
    as written, naming its key and the file, in every face's words (``underflow_words``): not
    checked (or silently trained) as the 0.0 TOML, YAML or JSON read it as."""
    from ..io import as_written

    for where, value in float_items(raw):
        text = as_written(value)
        if value == 0 and is_number_text(text) and underflows(text):
            setting = where.removeprefix("train.")
            fix = (
                epsilon_fix("epsilons", no_dp=True)
                if where == "epsilons"
                else f"e.g. {setting} = {getattr(TrainConfig(), setting)!r}"
                if where.startswith("train.") and setting in (*TRAIN_RANGES, "delta")
                else NUMBER_FIX
            )
            problem = f"{underflow_words(text)}, in the grid file {path}"
            raise EthicLensInputError(problem, column=where, value=text, fix=fix, kind="key")
