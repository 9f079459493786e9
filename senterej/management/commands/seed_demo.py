"""The demo accounts that `make run` creates, so that a fresh site can be tried at once. Their passwords are
written in the README: never use them on a site that others can reach."""

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand

DEMO_ACCOUNTS = [
    # (username, password, staff, superuser)
    ("admin", "senterej-admin", True, True),
    ("teacher", "senterej-teacher", False, False),
    ("learner", "senterej-learner", False, False),
]


class Command(BaseCommand):
    help = "Creates (or resets) the demo admin, teacher and learner accounts."

    def handle(self, *args: object, **options: object) -> None:
        for username, password, staff, superuser in DEMO_ACCOUNTS:
            user, _created = User.objects.get_or_create(username=username)
            user.is_staff, user.is_superuser = staff, superuser
            user.set_password(password)
            user.save()
            self.stdout.write(f"{username} / {password}")
