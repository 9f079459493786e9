"""The course's pages: the rules page, and the course map, lessons and tasks."""
