"""A sweep is a declarative grid: datasets × attributes × ε × seeds, with trainer settings.

Given in code (:class:`SweepGrid`), as a preset (``quick``, ``paper``) or in a TOML/YAML/JSON
file whose keys are the dataclass's fields. Unknown keys and impossible values are errors that
name the key.
"""

from __future__ import annotations

import hashlib
import json
import math
import tomllib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .._version import __version__
from ..errors import EthicLensInputError
from ..privacy import PCER_ATTRIBUTES, TrainConfig, attributes_of

PAPER_EPSILONS = (0.1, 0.5, 1.0, 5.0, 10.0, None)  # None = no DP
TRAINERS = ("opacus", "vectorized")
# Bump when stored numbers would change meaning (a store refuses runs from another version).
STORE_VERSION = "1"


@dataclass
class SweepGrid:
    datasets: list = field(default_factory=lambda: ["compas"])
    attributes: dict = field(default_factory=dict)  # dataset -> attributes (default: all)
    epsilons: list = field(default_factory=lambda: list(PAPER_EPSILONS))
    seeds: list = field(default_factory=lambda: list(range(10)))
    trainer: str = "vectorized"
    train: dict = field(default_factory=dict)  # TrainConfig overrides (epochs, batch_size, ...)
    max_rows: int | None = None  # stratified slice of each dataset (tests, smoke runs)

    def __post_init__(self):
        if isinstance(self.seeds, int):
            self.seeds = list(range(self.seeds))
        self.epsilons = [_epsilon(e) for e in self.epsilons]
        self.validate()

    def validate(self) -> None:
        known = sorted({d for d, _ in PCER_ATTRIBUTES})
        if not self.datasets:
            raise EthicLensInputError("no dataset in the grid", column="datasets",
                                      fix=f"choose from {known}")
        for d in self.datasets:
            if d not in known:
                raise EthicLensInputError("unknown dataset", column="datasets", value=d,
                                          fix=f"choose from {known}")
        for d, attrs in self.attributes.items():
            if d not in self.datasets:
                raise EthicLensInputError("attributes given for a dataset not in the grid",
                                          column="attributes", value=d)
            for a in attrs:
                if a not in attributes_of(d):
                    raise EthicLensInputError(f"unknown attribute for {d}", column="attributes",
                                              value=a, fix=f"choose from {attributes_of(d)}")
        if not self.epsilons:
            raise EthicLensInputError("no privacy budget", column="epsilons",
                                      fix="e.g. epsilons = [1.0, 'none']")
        if not self.seeds or any(not isinstance(s, int) or s < 0 for s in self.seeds):
            raise EthicLensInputError("seeds must be non-negative integers", column="seeds",
                                      value=self.seeds)
        if len(set(self.seeds)) != len(self.seeds):
            raise EthicLensInputError("duplicate seeds", column="seeds", value=self.seeds)
        if self.trainer not in TRAINERS:
            raise EthicLensInputError("unknown trainer", column="trainer", value=self.trainer,
                                      fix=f"choose from {TRAINERS}")
        allowed = {f.name for f in fields(TrainConfig)}
        for key in self.train:
            if key not in allowed:
                raise EthicLensInputError("unknown trainer setting", column=f"train.{key}",
                                          fix=f"choose from {sorted(allowed)}")
        cfg = self.train_config()
        for key in ("batch_size", "epochs"):
            if getattr(cfg, key) < 1:
                raise EthicLensInputError("must be >= 1", column=f"train.{key}",
                                          value=getattr(cfg, key))
        if not 0 < cfg.delta < 1 or cfg.lr <= 0 or cfg.max_grad_norm <= 0:
            raise EthicLensInputError("delta must be in (0, 1); lr and max_grad_norm > 0",
                                      column="train", value=self.train)
        if self.max_rows is not None and self.max_rows < 50:
            raise EthicLensInputError("too few rows", column="max_rows", value=self.max_rows)

    def train_config(self) -> TrainConfig:
        values = dict(self.train)
        if "hidden" in values:
            values["hidden"] = tuple(values["hidden"])
        return TrainConfig(**values)

    def attributes_for(self, dataset: str) -> list[str]:
        return list(self.attributes.get(dataset) or attributes_of(dataset))

    def units(self) -> list[tuple[str, float | None, int]]:
        """Every (dataset, ε, seed) training run; one run serves all the dataset's attributes."""
        return [(d, e, s) for d in self.datasets for e in self.epsilons for s in self.seeds]

    def config_hash(self) -> str:
        """What must match for two runs to share a store: trainer, its settings, the data
        slice and the code version; not the lists of datasets, budgets or seeds (a sweep can
        grow)."""
        key = {"trainer": self.trainer, "train": self.train_config().to_dict(),
               "max_rows": self.max_rows, "store_version": STORE_VERSION,
               "ethiclens": ".".join(__version__.split(".")[:2])}
        return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]

    def to_dict(self) -> dict:
        d = asdict(self)
        d["epsilons"] = [epsilon_label(e) for e in self.epsilons]
        return d


def _epsilon(value):
    if value is None or (isinstance(value, str) and value.lower() in ("none", "no-dp", "inf")):
        return None
    try:
        eps = float(value)
    except (TypeError, ValueError):
        raise EthicLensInputError("not a number", column="epsilons", value=value,
                                  fix="use positive numbers or 'none' for no DP") from None
    if math.isinf(eps):
        return None
    if not eps > 0:
        raise EthicLensInputError("ε must be > 0", column="epsilons", value=value)
    return eps


def epsilon_label(eps) -> str:
    return "no-DP" if eps is None else f"{eps:g}"


PRESETS = {
    "quick": dict(datasets=["compas"], epsilons=[1.0, None], seeds=[0, 1],
                  train={"epochs": 5}),
    "paper": dict(datasets=["compas", "adult", "acs-income", "bios"],
                  epsilons=list(PAPER_EPSILONS), seeds=list(range(50))),
}


def preset(name: str, **overrides) -> SweepGrid:
    """A named grid (``quick`` or ``paper``), with any field overridden."""
    if name not in PRESETS:
        raise EthicLensInputError("unknown preset", column="--preset", value=name,
                                  fix=f"choose from {sorted(PRESETS)}")
    return SweepGrid(**{**PRESETS[name], **overrides})


def load_grid(path: str | Path, **overrides) -> SweepGrid:
    """A grid from TOML, YAML or JSON; the file's keys are SweepGrid's fields."""
    path = Path(path)
    if not path.exists():
        raise EthicLensInputError(f"grid file {path} does not exist", column="--grid")
    text = path.read_text()
    try:
        if path.suffix == ".toml":
            raw = tomllib.loads(text)
        elif path.suffix in (".yaml", ".yml"):
            import yaml

            raw = yaml.safe_load(text)
        elif path.suffix == ".json":
            raw = json.loads(text)
        else:
            raise EthicLensInputError("unknown grid file type", column="--grid",
                                      value=path.suffix, fix="use .toml, .yaml or .json")
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, ValueError) as exc:
        raise EthicLensInputError(f"cannot parse {path.name}: {exc}", column="--grid") from exc
    if not isinstance(raw, dict):
        raise EthicLensInputError("a grid file must be a mapping of keys", column="--grid")
    allowed = {f.name for f in fields(SweepGrid)}
    for key in raw:
        if key not in allowed:
            raise EthicLensInputError("unknown key in grid file", column=key,
                                      fix=f"allowed keys: {sorted(allowed)}")
    return SweepGrid(**{**raw, **overrides})
