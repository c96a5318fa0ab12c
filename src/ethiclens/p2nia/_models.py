"""The platform models P2NIA's experiment audits, as one registry: one entry per model.

An :class:`AuditedModel` names a model (``rf``, ``xgb`` or one registered at run time), says
how figures label it, which ``pip install 'ethiclens[EXTRA]'`` extra it needs and how to fit
it: ``factory(X_train, y_train, seed)`` returns a fitted model whose ``predict`` takes a
DataFrame of the same columns (categorical columns as text; :func:`one_hot_encoder` is the
encoder the built-ins use). The experiment's configuration, its fitting, the figures and the
CLI's ``--models``/``--model`` all read the registry; an unknown name is an input error that
lists the registered ones.

Experiment workers are separate (spawned) processes: a model registered at run time travels to
them with the experiment's task function, so its ``factory`` must be picklable (a
module-level function, or a ``"module:function"`` string).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .._keywords import refusing_unknown_keywords
from .._optional import NeedsExtra, require
from .._registry import Registry, check_entry_name, check_function_ref, resolve_function
from ..errors import EthicLensInputError


@refusing_unknown_keywords(init=True)  # AuditedModel(typo=...): audit()'s refusal
@dataclass(frozen=True, kw_only=True)
class AuditedModel(NeedsExtra):
    """A platform model of the P2NIA experiment.

    Attributes
    ----------
    name : str
        Registry key (``ExperimentConfig.models``, ``--models``, the rows' ``model`` column).
    label : str
        Its name in figures and tables (``random forest``).
    factory : callable or str
        ``factory(X_train, y_train, seed) -> fitted model`` with ``predict(DataFrame)``, or
        ``"module:function"`` (imported on first use).
    extra : str or None
        The extra it needs (``models`` for XGBoost; None: the core suffices).
    figures : tuple of str
        The paper's figure keys for its (error vs n′, error vs ε) plots (``("fig3", "fig4")``
        for the random forest); empty for a model the paper does not draw, whose plots are
        keyed ``{name}-sizes`` and ``{name}-epsilons``.
    """

    name: str
    label: str
    factory: Callable | str
    extra: str | None = None
    figures: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "figures", tuple(self.figures))
        check_entry_name(self.name, "model", fix="e.g. AuditedModel(name='logreg', ...)")
        if not isinstance(self.label, str) or not self.label:
            raise EthicLensInputError(
                "a model needs a label (its name in figures)", column="label", value=self.label
            )
        check_function_ref(
            self.factory, "factory", fix="pass factory(X_train, y_train, seed) -> fitted model"
        )
        if self.figures and len(self.figures) != 2:
            raise EthicLensInputError(
                "figures names two keys: (error vs n′, error vs ε)",
                column="figures",
                value=list(self.figures),
            )

    def fit(self, X_train, y_train, seed: int):
        """The fitted model (the factory, imported first when given as a string)."""
        return resolve_function(self.factory)(X_train, y_train, seed)

    def figure_keys(self) -> tuple[str, str]:
        """Keys of its (error vs n′, error vs ε) figures."""
        return self.figures or (f"{self.name}-sizes", f"{self.name}-epsilons")


_REGISTRY: Registry[AuditedModel] = Registry(
    "model",
    AuditedModel,
    "build one with ethiclens.p2nia.AuditedModel(name=..., label=..., factory=...)",
)


@refusing_unknown_keywords
def register_model(model: AuditedModel, *, replace: bool = False) -> AuditedModel:
    """Register ``model`` under ``model.name`` (refused if the name is taken, unless
    ``replace``; a built-in model cannot be replaced)."""
    return _REGISTRY.register(model, replace=replace)


def unregister_model(name: str) -> None:
    """Remove a model registered at run time (absent names are ignored; removing a built-in
    is an error)."""
    _REGISTRY.unregister(name)


def model_names() -> list[str]:
    """Registered models, built-ins first (``rf``, ``xgb``)."""
    return _REGISTRY.names()


def is_builtin_model(name: str) -> bool:
    """Whether ``name`` is a model that ships with EthicLens (always registered)."""
    return _REGISTRY.is_builtin(name)


@refusing_unknown_keywords
def get_model(name, where: str = "name") -> AuditedModel:
    """The registered model ``name``; an unknown name lists the registered ones, a near miss
    first ('RF': "did you mean 'rf'?")."""
    return _REGISTRY.get(name, where)


def model_label(name: str) -> str:
    """A model's figure label (its name when it is not registered, e.g. rows read back)."""
    return getattr(_REGISTRY.entries.get(name), "label", name)


def one_hot_encoder(X_train):
    """The built-in models' encoder: categorical (text) columns one-hot, the rest as is."""
    from sklearn.compose import ColumnTransformer
    from sklearn.preprocessing import OneHotEncoder

    cat = [
        c
        for c in X_train.columns
        if X_train[c].dtype == object or str(X_train[c].dtype) in ("string", "str", "category")
    ]
    return ColumnTransformer(
        [("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), cat)],
        remainder="passthrough",
    )


def fit_random_forest(X_train, y_train, seed: int):
    """The paper's random forest: 30 trees, max_features 11, max_depth 15."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.pipeline import Pipeline

    clf = RandomForestClassifier(
        n_estimators=30, max_features=11, max_depth=15, random_state=seed, n_jobs=1
    )
    return Pipeline([("enc", one_hot_encoder(X_train)), ("clf", clf)]).fit(X_train, y_train)


def fit_xgboost(X_train, y_train, seed: int):
    """The paper's XGBoost: 500 rounds, lr 0.05, early stopping after 5 rounds on a 10%
    validation slice of the training split."""
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import Pipeline

    XGBClassifier = require("xgboost", extra="models").XGBClassifier

    X_fit, X_val, y_fit, y_val = train_test_split(
        X_train, y_train, test_size=0.1, stratify=y_train, random_state=seed
    )
    enc = one_hot_encoder(X_train)
    enc.fit(X_fit)
    clf = XGBClassifier(
        n_estimators=500,
        learning_rate=0.05,
        early_stopping_rounds=5,
        eval_metric="logloss",
        random_state=seed,
        n_jobs=1,
    )
    clf.fit(enc.transform(X_fit), y_fit, eval_set=[(enc.transform(X_val), y_val)], verbose=False)
    return Pipeline([("enc", enc), ("clf", clf)])


_BUILTIN = (
    AuditedModel(
        name="rf", label="random forest", factory=fit_random_forest, figures=("fig3", "fig4")
    ),
    AuditedModel(
        name="xgb",
        label="XGBoost",
        factory=fit_xgboost,
        extra="models",
        figures=("fig7", "fig6"),
    ),
)
for _m in _BUILTIN:
    _REGISTRY.add_builtin(_m)


def models_help() -> str:
    """The ``--models`` help of ``p2nia experiment``: every registered model, its label and the
    extra it needs."""

    def one(name):
        m = get_model(name)
        return f"{name}: {m.label}" + (f" (ethiclens[{m.extra}])" if m.extra else "")

    return (
        f"Comma-separated platform models, from the registry: {'; '.join(map(one, model_names()))}."
    )
