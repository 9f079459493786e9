import os

from hypothesis import settings

# On CI the property tests draw the same examples every run, so that a red build always reproduces;
# on a developer's machine they explore new examples each time.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")
