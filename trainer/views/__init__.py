"""The trainer's pages, one module for each family: solving, reporting, the dashboard, curation."""
