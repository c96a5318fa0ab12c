"""Privacy-cost equity (PCER), membership inference and DP-SGD training.

The PCER experiments' data preparation (``prepare``, ``load_pcer_dataset``, ``attributes_of``,
``PCER_ATTRIBUTES``, ``PCER_LOADERS``) lives in :mod:`ethiclens.experiments` since 2026-12
(docs/adr/0007-layout.md); the trainers take its :class:`PreparedData`.
"""

from .._optional import lazy_names, moved_getattr

# public name -> submodule that defines it. Names are loaded on first use, so that the CLI's
# ``pcer`` help loads no heavy module (pandas, scikit-learn: needed by a run).
_LAZY = {
    "ACCOUNTANTS": "._dpsgd",
    "OPTIMIZER_RANGES": "._dpsgd",
    "DPTrainingRun": "._dpsgd",
    "TrainConfig": "._dpsgd",
    "check_batch_settings": "._dpsgd",
    "check_train_number": "._dpsgd",
    "train_dp_mlp": "._dpsgd",
    "dp_epsilon": "._dpsgd",  # experiments'; not in __all__
    "CONTINUOUS_FIX": "._inputs",
    "PreparedData": "._inputs",
    "SplitPredictions": "._inputs",
    "check_split_columns": "._inputs",
    "read_split": "._inputs",
    "read_splits": "._inputs",
    "refusing_unknown": "._inputs",
    "argument_error": "._inputs",  # experiments'; not in __all__
    "GroupAttack": "._mia",
    "MIAResult": "._mia",
    "membership_inference": "._mia",
    "DEFAULT_ETA": "._pcer",
    "DEFAULT_N_BOOT": "._defaults",
    "FLOOR_ETAS": "._pcer",
    "MIN_N_BOOT": "._pcer",
    "PCER_SCHEMA_VERSION": "._pcer",
    "SINGLE_RUN_NOTE": "._pcer",
    "FloorCheck": "._pcer",
    "GroupPCER": "._pcer",
    "PCERResult": "._pcer",
    "load_pcer_schema": "._pcer",
    "pcer_audit": "._pcer",
    "pcer_policy": "._pcer",
    "validate_pcer_output": "._pcer",
    "pcer_values": "._pcer",  # experiments' tables; not in __all__
    "TextTable": "._summary",
    "print_summary": "._summary",
    "Trainer": "._trainers",
    "get_trainer": "._trainers",
    "is_builtin_trainer": "._trainers",
    "register_trainer": "._trainers",
    "trainer_names": "._trainers",
    "trainers_help": "._trainers",
    "unregister_trainer": "._trainers",
    "train_many": "._vectorized",
}

__all__ = [
    "ACCOUNTANTS",
    "OPTIMIZER_RANGES",
    "check_train_number",
    "read_split",
    "read_splits",
    "check_split_columns",
    "refusing_unknown",
    "SplitPredictions",
    "PreparedData",
    "pcer_audit",
    "pcer_policy",
    "PCERResult",
    "TextTable",
    "print_summary",
    "GroupPCER",
    "FloorCheck",
    "FLOOR_ETAS",
    "DEFAULT_ETA",
    "DEFAULT_N_BOOT",
    "MIN_N_BOOT",
    "SINGLE_RUN_NOTE",
    "CONTINUOUS_FIX",
    "PCER_SCHEMA_VERSION",
    "load_pcer_schema",
    "validate_pcer_output",
    "membership_inference",
    "MIAResult",
    "GroupAttack",
    "train_dp_mlp",
    "TrainConfig",
    "check_batch_settings",
    "DPTrainingRun",
    "train_many",
    "Trainer",
    "register_trainer",
    "unregister_trainer",
    "get_trainer",
    "trainer_names",
    "trainers_help",
    "is_builtin_trainer",
]


# Names that moved to ethiclens.experiments in 2026-12 (issue 22.5, docs/adr/0007-layout.md).
# They are not re-exported (the product would import its research harness); asking for
# one says where it went, as an ImportError so that `from ethiclens.privacy import ...` shows it.
_MOVED = frozenset(
    ("prepare", "load_pcer_dataset", "attributes_of", "PCER_ATTRIBUTES", "PCER_LOADERS")
)


def _refusing(value):
    """``value`` refusing a keyword it does not take (``ethiclens._keywords``), on first use."""
    from .._keywords import refusing_export  # not at import: the CLI's help stays light

    return refusing_export(value)


_lazy, __dir__ = lazy_names(__name__, _LAZY, export=_refusing)
_moved = moved_getattr(__name__, _MOVED, "the PCER experiments' data preparation")


def __getattr__(name: str):
    return _moved(name) if name in _MOVED else _lazy(name)
