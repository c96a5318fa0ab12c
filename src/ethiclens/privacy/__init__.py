"""Privacy-cost equity (PCER), membership inference and DP-SGD training.

The PCER experiments' data preparation (``prepare``, ``load_pcer_dataset``, ``attributes_of``,
``PCER_ATTRIBUTES``, ``PCER_LOADERS``) lives in :mod:`ethiclens.experiments` since 2026-12
(docs/adr/0007-layout.md); the trainers take its :class:`PreparedData`.
"""

from .._optional import moved_getattr
from ._dpsgd import (
    ACCOUNTANTS,
    OPTIMIZER_RANGES,
    DPTrainingRun,
    TrainConfig,
    check_batch_settings,
    check_train_number,
    train_dp_mlp,
)
from ._dpsgd import dp_epsilon as dp_epsilon  # experiments'; not in __all__
from ._inputs import (
    CONTINUOUS_FIX,
    PreparedData,
    SplitPredictions,
    check_split_columns,
    read_split,
    read_splits,
    refusing_unknown,
)
from ._inputs import argument_error as argument_error  # experiments'; not in __all__
from ._mia import GroupAttack, MIAResult, membership_inference
from ._pcer import (
    DEFAULT_ETA,
    DEFAULT_N_BOOT,
    FLOOR_ETAS,
    MIN_N_BOOT,
    PCER_SCHEMA_VERSION,
    SINGLE_RUN_NOTE,
    FloorCheck,
    GroupPCER,
    PCERResult,
    load_pcer_schema,
    pcer_audit,
    pcer_policy,
    validate_pcer_output,
)
from ._pcer import pcer_values as pcer_values  # experiments' tables; not in __all__
from ._summary import TextTable, print_summary
from ._trainers import (
    Trainer,
    get_trainer,
    is_builtin_trainer,
    register_trainer,
    trainer_names,
    trainers_help,
    unregister_trainer,
)
from ._vectorized import train_many  # torch is imported inside, on first use

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

__getattr__ = moved_getattr(__name__, _MOVED, "the PCER experiments' data preparation")
