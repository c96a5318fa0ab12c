"""Review of 11ff0171 (NULL metrics stay undefined): with every δ_g NULL the paper-style table's
'sign p' is — (not 'nan'), and the floor table's share of floor-dominated seeds is undefined
(—), not 0 as if no seed were floor-dominated."""

import math

import numpy as np
import pandas as pd

from ethiclens.experiments._tables import floor_table, main_table, paper_style


def _seeds(delta) -> pd.DataFrame:
    rows = []
    for seed in (0, 1):
        rows.append(
            {
                "dataset": "d",
                "attribute": "a",
                "epsilon_key": "1.0",
                "seed": seed,
                "group0": "g0",
                "group1": "g1",
                "acc": 0.8,
                "epsilon_spent": 1.0,
                "dp_gap": 0.1,
                "eo_gap": 0.1,
                "delta0": delta,
                "delta1": delta,
                **{f"dpcer_{e:g}": np.nan for e in (1e-4, 1e-3, 1e-2, 1e-1)},
                "dpcer": np.nan,
            }
        )
    return pd.DataFrame(rows)


def test_undefined_sign_p_is_a_dash_not_nan():
    main = main_table(_seeds(np.nan))
    assert math.isnan(main.sign_test_p.iloc[0])
    assert paper_style(main)[("d", "a")]["sign p"].tolist() == ["—"]


def test_floor_share_of_unknown_deltas_is_undefined():
    assert floor_table(_seeds(np.nan)).share_floor_dominated.isna().all()
    known = floor_table(_seeds(0.0005))  # both δ below 1e-3 and 1e-2, 1e-1; not 1e-4
    assert known.share_floor_dominated.tolist() == [0.0, 1.0, 1.0, 1.0]
