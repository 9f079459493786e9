"""The demo accounts that `make run` creates, so that a fresh site can be tried at once: an admin, a curator,
a teacher and a learner, then the teacher's demo class (the classes app's `seed_demo_class`, called by name
so that this package imports nothing from the apps above it). Running it again resets the passwords and
changes nothing else. The passwords are written in the README: never use them on a site others can reach."""

from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import BaseCommand

from accounts import roles

DEMO_ACCOUNTS = [
    # (username, password, role)
    ("admin", "senterej-admin", "admin"),
    ("curator", "senterej-curator", "curator"),
    ("teacher", "senterej-teacher", "teacher"),
    ("learner", "senterej-learner", "learner"),
]


class Command(BaseCommand):
    help = "Creates (or resets) the demo admin, curator, teacher and learner accounts and the demo class."

    def handle(self, *args: object, **options: object) -> None:
        for username, password, role in DEMO_ACCOUNTS:
            user, _created = User.objects.get_or_create(username=username)
            user.is_staff = role in ("admin", "curator")
            user.is_superuser = role == "admin"
            user.set_password(password)
            user.save()
            if role == "curator":
                user.groups.add(roles.curators_group())
            if role == "teacher":
                roles.set_teacher(user=user, teaches=True)
            self.stdout.write(f"{username} / {password} ({role})")
        if apps.is_installed("classes"):
            call_command("seed_demo_class", stdout=self.stdout)
