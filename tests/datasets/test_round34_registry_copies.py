"""Round 34: the registry never hands out (or keeps) a list a caller holds. A notebook editing
the loader keywords it was shown (P2NIA_DATASETS, an entry's describe(), the dict it registered
an entry with) changed what every later P2NIA run or load read: the lists were the registry's."""

from ethiclens import datasets
from ethiclens.datasets import DatasetEntry


def test_the_p2nia_view_hands_out_copies():
    datasets.P2NIA_DATASETS["acs-income"][1]["states"].append("NE")
    assert datasets.P2NIA_DATASETS["acs-income"] == ("SEX", {"states": ["CO"]})
    assert datasets.get_entry("acs-income").p2nia_options == {"states": ["CO"]}


def test_describe_hands_out_copies():
    info = datasets.get_entry("acs-income").describe()
    info["pcer"]["loader_options"]["states"].append("NE")
    info["p2nia"]["loader_options"]["states"].append("NE")
    entry = datasets.get_entry("acs-income")
    assert entry.pcer_options == entry.p2nia_options == {"states": ["CO"]}


def test_an_entry_keeps_its_own_copy_of_the_callers_options():
    options = {"states": ["CO"]}
    entry = DatasetEntry(
        name="toy",
        loader=lambda **kw: None,
        description="toy",
        positive_is_favorable=True,
        p2nia_protected="sex",
        p2nia_options=options,
    )
    options["states"].append("NE")
    assert entry.p2nia_options == {"states": ["CO"]}
