"""Privacy-cost equity (PCER), membership inference and DP-SGD training."""

from ._inputs import SplitPredictions
from ._mia import GroupAttack, MIAResult, membership_inference
from ._pcer import FLOOR_ETAS, FloorCheck, GroupPCER, PCERResult, pcer_audit

__all__ = ["SplitPredictions", "pcer_audit", "PCERResult", "GroupPCER", "FloorCheck",
           "FLOOR_ETAS", "membership_inference", "MIAResult", "GroupAttack"]

from ._data import PCER_ATTRIBUTES, attributes_of, prepare  # noqa: E402
from ._dpsgd import DPTrainingRun, TrainConfig, train_dp_mlp  # noqa: E402

__all__ += ["train_dp_mlp", "TrainConfig", "DPTrainingRun", "PCER_ATTRIBUTES", "attributes_of",
            "prepare"]
