"""Round 35 (probes): ``inject_bias`` read a float32 ``disparate_impact``, ``eo_gap``,
``reference_rate`` or ``separation`` at its float32 value (np.float32(0.8): a truth of DI
0.800000011920929) while ``base_rates`` and ``group_sizes`` read float32 as the number it
prints as; and a pandas Series pair (``base_rates=pd.Series([0.4, 0.6])``) was refused as
"must be a pair ... (value: [0.4, 0.6])" while its NumPy array was taken."""

import numpy as np
import pandas as pd

from ethiclens.probes import inject_bias


def test_a_float32_target_is_the_number_it_prints_as():
    f32 = np.float32
    a = inject_bias(400, disparate_impact=f32(0.8), eo_gap=f32(0.2), separation=f32(0.3),
                    reference_rate=f32(0.5), random_state=0)  # fmt: skip
    b = inject_bias(400, disparate_impact=0.8, eo_gap=0.2, random_state=0)
    assert a.truth == b.truth and a.truth["disparate_impact"] == 0.8
    assert (a.y_pred == b.y_pred).all() and (a.y_true == b.y_true).all()


def test_a_series_pair_is_its_values():
    series = inject_bias(
        400, disparate_impact=0.8, base_rates=pd.Series([0.4, 0.6]),
        group_sizes=pd.Series([0.3, 0.7], index=["a", "b"]), random_state=0,
    )  # fmt: skip
    array = inject_bias(
        400, disparate_impact=0.8, base_rates=np.array([0.4, 0.6]), group_sizes=(0.3, 0.7),
        random_state=0,
    )  # fmt: skip
    assert series.truth == array.truth and (series.y_pred == array.y_pred).all()
