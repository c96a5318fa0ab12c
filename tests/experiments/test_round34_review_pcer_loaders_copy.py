"""PCER_LOADERS hands out a copy of an entry's loader keywords, lists included: a caller's
change never reaches the registry (was a shallow dict: appending to its 'states' made every
later PCER run of acs-income load CO and NE)."""

from ethiclens import datasets, experiments


def test_a_loaders_list_is_the_callers_own():
    options = experiments.PCER_LOADERS["acs-income"]
    options["states"].append("NE")
    assert experiments.PCER_LOADERS["acs-income"] == {"states": ["CO"]}
    assert datasets.DATASETS["acs-income"].pcer_options == {"states": ["CO"]}
