"""Glicko-2 as Glickman's paper "Example of the Glicko-2 system" writes it, transcribed independently of the
glicko2 package and of trainer/rating.py, for the tests to compare the site's ratings with."""

import math

SCALE = 173.7178


def paper_update(rating, rd, vol, results, tau, epsilon=0.000001):
    """Steps 2-8 of the paper, as written there (the Illinois algorithm for step 5)."""
    mu, phi = (rating - 1500) / SCALE, rd / SCALE
    opponents = [((r - 1500) / SCALE, d / SCALE, s) for r, d, s in results]

    def g(p):
        return 1 / math.sqrt(1 + 3 * p**2 / math.pi**2)

    def e(mu_j, phi_j):
        return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))

    v = 1 / sum(g(p) ** 2 * e(m, p) * (1 - e(m, p)) for m, p, _ in opponents)
    delta = v * sum(g(p) * (s - e(m, p)) for m, p, s in opponents)
    a = math.log(vol**2)

    def f(x):
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_vol = math.exp(big_a / 2)
    phi_star = math.sqrt(phi**2 + new_vol**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * sum(g(p) * (s - e(m, p)) for m, p, s in opponents)
    return new_mu * SCALE + 1500, new_phi * SCALE, new_vol
