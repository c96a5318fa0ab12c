"""Round 35 review (probes): inject_bias read a float16 ``disparate_impact``, ``eo_gap``,
``reference_rate`` or ``separation`` at float32's width (np.float16(0.8): a truth of DI
0.7998047) while ``base_rates`` and ``group_sizes``, read by ``ethiclens._checks``, take a
float16 as the number it prints as (0.8); now every number argument is read as _checks
reads it."""

import numpy as np

from ethiclens._checks import printed_float
from ethiclens.probes import inject_bias


def test_a_float16_target_is_read_as_checks_reads_every_other_argument():
    f16 = np.float16
    a = inject_bias(300, disparate_impact=f16(0.8), eo_gap=f16(0.2), separation=f16(0.3),
                    base_rates=(f16(0.4), f16(0.6)), random_state=0)  # fmt: skip
    b = inject_bias(
        300,
        disparate_impact=printed_float(f16(0.8)),
        eo_gap=printed_float(f16(0.2)),
        separation=printed_float(f16(0.3)),
        base_rates=(printed_float(f16(0.4)), printed_float(f16(0.6))),
        random_state=0,
    )
    assert a.truth == b.truth
    assert a.truth["disparate_impact"] == printed_float(f16(0.8))
    assert (a.y_pred == b.y_pred).all() and (a.y_true == b.y_true).all()
