#!/usr/bin/env python3
"""The 2D inviscid drop of mode 2 at finite amplitude, independently of capillab's solver.

Potential flow in the drop r < R(theta, t) (units R0 = rho = sigma = 1), phi = sum a_m r^(2m) cos(2m theta)
(harmonic; the symmetries of mode 2), collocated at theta_j = j (pi/2)/M, j = 0..M, on the boundary:
    R_t   = phi_r - phi_theta R_theta / R^2                                  (kinematic)
    psi_t = -(phi_r^2 + phi_theta^2 / R^2)/2 - kappa + phi_r R_t              (Bernoulli, psi = phi(R))
kappa = (R^2 + 2 R_theta^2 - R R_theta_theta) / (R^2 + R_theta^2)^(3/2); RK4 in time. Released from rest
with R = 1 + eps cos(2 theta). Writes t and a(t) = M(t) / pi (M the moment of Re(z^2) over the drop,
as experiments/drop_oscillation.c measures it) to m_<eps>_<M>_<dt>.txt and prints the times of the maxima
of a against Rayleigh's linear period at the area-equivalent radius R0 sqrt(1 + eps^2/2).
usage: potential_flow.py EPS M DT PERIODS
"""
import math
import sys

eps, M, dt, periods = float(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
th = [j * (math.pi / 2) / M for j in range(M + 1)]


def solve(A, b):
    n = len(b)
    A = [row[:] + [b[i]] for i, row in enumerate(A)]
    for p in range(n):
        q = max(range(p, n), key=lambda r: abs(A[r][p]))
        A[p], A[q] = A[q], A[p]
        for r in range(p + 1, n):
            f = A[r][p] / A[p][p]
            for c in range(p, n + 1):
                A[r][c] -= f * A[p][c]
    x = [0.0] * n
    for p in range(n - 1, -1, -1):
        x[p] = (A[p][n] - sum(A[p][c] * x[c] for c in range(p + 1, n))) / A[p][p]
    return x


C = [[math.cos(2 * m * t) for m in range(M + 1)] for t in th]
S = [[math.sin(2 * m * t) for m in range(M + 1)] for t in th]
Cinv = [solve(C, [1.0 if i == k else 0.0 for i in range(M + 1)]) for k in range(M + 1)]
rng = range(M + 1)


def rhs(R, psi):
    c = [sum(Cinv[k][m] * R[k] for k in rng) for m in rng]
    Rt = [sum(-2 * m * c[m] * S[j][m] for m in rng) for j in rng]
    Rtt = [sum(-4 * m * m * c[m] * C[j][m] for m in rng) for j in rng]
    a = solve([[R[j] ** (2 * m) * C[j][m] for m in rng] for j in rng], psi)
    dR, dpsi = [], []
    for j in rng:
        r = R[j]
        pr = sum(a[m] * 2 * m * r ** (2 * m - 1) * C[j][m] for m in range(1, M + 1))
        pt = sum(-2 * m * a[m] * r ** (2 * m) * S[j][m] for m in range(1, M + 1))
        kap = (r * r + 2 * Rt[j] ** 2 - r * Rtt[j]) / (r * r + Rt[j] ** 2) ** 1.5
        Rdot = pr - pt * Rt[j] / (r * r)
        dR.append(Rdot)
        dpsi.append(-(pr * pr + pt * pt / (r * r)) / 2 - kap + pr * Rdot)
    return dR, dpsi


def moment(R):  # the integral of R^4/4 cos(2 theta) over [0, 2 pi]: four quarters, trapezoid rule
    w = [(0.5 if j in (0, M) else 1.0) * (math.pi / 2) / M for j in rng]
    return 4 * sum(w[j] * R[j] ** 4 / 4 * C[j][1] for j in rng)


R, psi = [1 + eps * math.cos(2 * t) for t in th], [0.0] * (M + 1)
T_lin = 2 * math.pi / math.sqrt(6 / (1 + eps * eps / 2) ** 1.5)
out, t = [(0.0, moment(R))], 0.0
for s in range(int(round(periods * T_lin / dt))):
    k1 = rhs(R, psi)
    k2 = rhs([R[i] + dt / 2 * k1[0][i] for i in rng], [psi[i] + dt / 2 * k1[1][i] for i in rng])
    k3 = rhs([R[i] + dt / 2 * k2[0][i] for i in rng], [psi[i] + dt / 2 * k2[1][i] for i in rng])
    k4 = rhs([R[i] + dt * k3[0][i] for i in rng], [psi[i] + dt * k3[1][i] for i in rng])
    R = [R[i] + dt / 6 * (k1[0][i] + 2 * k2[0][i] + 2 * k3[0][i] + k4[0][i]) for i in rng]
    psi = [psi[i] + dt / 6 * (k1[1][i] + 2 * k2[1][i] + 2 * k3[1][i] + k4[1][i]) for i in rng]
    t += dt
    out.append((t, moment(R)))
maxima = []
for i in range(1, len(out) - 1):
    a, b, c = out[i - 1][1], out[i][1], out[i + 1][1]
    if b > a and b >= c:
        maxima.append(out[i][0] + 0.5 * (a - c) / (a - 2 * b + c) * dt)
print("eps %g M %d dt %g: T_lin(R_eq) = %.10f" % (eps, M, dt, T_lin))
print("period k / T_lin - 1 (%%): %s" % " ".join("%+.5f" % (100 * ((maxima[k] - (maxima[k - 1] if k else 0)) / T_lin - 1))
                                               for k in range(len(maxima))))
with open("m_%g_%d_%g.txt" % (eps, M, dt), "w") as f:
    for a, b in out:
        f.write("%.10g %.14g\n" % (a, b / math.pi))
