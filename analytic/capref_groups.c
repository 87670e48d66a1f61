#include "capref_groups.h"

#include "ref_internal.h"

static int positive4(const char *a, double va, const char *ua, const char *b, double vb, const char *ub, const char *c,
                     double vc, const char *uc, const char *d, double vd, const char *ud)
{
  int s = cap_check_positive(a, va, ua);
  if (!s) s = cap_check_positive(b, vb, ub);
  if (!s) s = cap_check_positive(c, vc, uc);
  if (!s && d) s = cap_check_positive(d, vd, ud);
  return s;
}

int capref_capillary_length(const capref_fluid *f, capref_result *lc)
{
  int s = ref_check_fluid(f);
  if (s) return s;
  double sigma = f->sigma, rho = f->rho, g = f->g;
  s = positive4("sigma", sigma, "N/m", "rho", rho, "kg/m^3", "g", g, "m/s^2", NULL, 0, NULL);
  if (s) return s;
  ref_put(lc, ref_closed(sqrt(sigma / (rho * g))));
  return CAP_SUCCESS;
}

int capref_bond_number(const capref_fluid *f, double length, capref_result *bo)
{
  int s = ref_check_fluid(f);
  if (s) return s;
  double sigma = f->sigma, rho = f->rho, g = f->g;
  s = positive4("rho", rho, "kg/m^3", "g", g, "m/s^2", "length", length, "m", "sigma", sigma, "N/m");
  if (s) return s;
  ref_put(bo, ref_closed(rho * g * length * length / sigma));
  return CAP_SUCCESS;
}

int capref_laplace_number(const capref_fluid *f, double length, capref_result *la)
{
  int s = ref_check_fluid(f);
  if (s) return s;
  double sigma = f->sigma, rho = f->rho, mu = f->mu;
  s = positive4("sigma", sigma, "N/m", "rho", rho, "kg/m^3", "length", length, "m", "mu", mu, "Pa s");
  if (s) return s;
  ref_put(la, ref_closed(sigma * rho * length / (mu * mu)));
  return CAP_SUCCESS;
}

int capref_ohnesorge_number(const capref_fluid *f, double length, capref_result *oh)
{
  int s = ref_check_fluid(f);
  if (s) return s;
  double sigma = f->sigma, rho = f->rho, mu = f->mu;
  s = positive4("mu", mu, "Pa s", "rho", rho, "kg/m^3", "sigma", sigma, "N/m", "length", length, "m");
  if (s) return s;
  ref_put(oh, ref_closed(mu / sqrt(rho * sigma * length)));
  return CAP_SUCCESS;
}

int capref_capillary_time(const capref_fluid *f, double length, capref_result *tc)
{
  int s = ref_check_fluid(f);
  if (s) return s;
  double sigma = f->sigma, rho = f->rho;
  s = positive4("rho", rho, "kg/m^3", "length", length, "m", "sigma", sigma, "N/m", NULL, 0, NULL);
  if (s) return s;
  ref_put(tc, ref_closed(sqrt(rho * length * length * length / sigma)));
  return CAP_SUCCESS;
}
