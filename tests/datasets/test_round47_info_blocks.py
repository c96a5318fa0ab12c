"""Round 47 (known item a): `datasets info` of a dataset both PCER and P2NIA load the same way
(acs-income: states ['CO'] for both) showed two identical blocks, rows and loader options,
without what P2NIA audits. The p2nia block now names its protected column (the pcer block its
groups), and rows loaded with the same options are read once."""

import pandas as pd

from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry

LOADS = []


def _loader(states=("CO",)):
    LOADS.append(tuple(states))
    return Dataset(
        name="toy",
        features=pd.DataFrame({"x": range(4)}),
        label=pd.Series([0, 1, 0, 1]),
        protected=pd.DataFrame({"SEX": ["Male", "Female"] * 2, "RACE": ["W", "B"] * 2}),
        reference={"SEX": "Male", "RACE": "W"},
        positive_label="y",
        positive_is_favorable=True,
    )


def test_the_p2nia_block_says_what_p2nia_audits_and_rows_are_read_once():
    entry = DatasetEntry(
        name="toy",
        loader=_loader,
        description="toy",
        positive_is_favorable=True,
        protected=("SEX", "RACE"),
        pcer_splits={"race": BinarySplit(column="RACE", group0="W", group1="B", one_values=("B",))},
        pcer_options={"states": ["CO"]},
        p2nia_protected="SEX",
        p2nia_options={"states": ["CO"]},
    )
    LOADS.clear()
    info = entry.describe()
    assert info["p2nia"] == {"rows": 4, "loader_options": {"states": ["CO"]}, "protected": "SEX"}
    assert info["pcer"]["groups"]["race"].startswith("PCER's two groups of RACE")
    assert info["pcer"] != info["p2nia"]
    assert LOADS == [("CO",), ("CO",)]  # the audit's load, then one for both uses
