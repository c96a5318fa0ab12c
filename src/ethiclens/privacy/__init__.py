"""Privacy-cost equity (PCER), membership inference and DP-SGD training."""

from ._inputs import SplitPredictions
from ._mia import GroupAttack, MIAResult, membership_inference
from ._pcer import (
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
    validate_pcer_output,
)

__all__ = ["SplitPredictions", "pcer_audit", "PCERResult", "GroupPCER", "FloorCheck",
           "FLOOR_ETAS", "DEFAULT_N_BOOT", "MIN_N_BOOT", "SINGLE_RUN_NOTE", "PCER_SCHEMA_VERSION",
           "load_pcer_schema", "validate_pcer_output", "membership_inference", "MIAResult",
           "GroupAttack"]

from ._data import PCER_ATTRIBUTES, PCER_LOADERS, attributes_of, prepare  # noqa: E402
from ._dpsgd import DPTrainingRun, TrainConfig, train_dp_mlp  # noqa: E402

__all__ += ["train_dp_mlp", "TrainConfig", "DPTrainingRun", "PCER_ATTRIBUTES", "PCER_LOADERS",
            "attributes_of", "prepare"]
