from django.apps import AppConfig


class SenterejConfig(AppConfig):
    name = "senterej"
    verbose_name = "Senterej"
