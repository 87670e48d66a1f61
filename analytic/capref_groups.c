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
  if (!s) s = positive4("sigma", f->sigma, "N/m", "rho", f->rho, "kg/m^3", "g", f->g, "m/s^2", NULL, 0, NULL);
  if (s) return s;
  ref_put(lc, ref_closed(sqrt(f->sigma / (f->rho * f->g))));
  return CAP_SUCCESS;
}

int capref_bond_number(const capref_fluid *f, double length, capref_result *bo)
{
  int s = ref_check_fluid(f);
  if (!s) s = positive4("rho", f->rho, "kg/m^3", "g", f->g, "m/s^2", "length", length, "m", "sigma", f->sigma, "N/m");
  if (s) return s;
  ref_put(bo, ref_closed(f->rho * f->g * length * length / f->sigma));
  return CAP_SUCCESS;
}

int capref_laplace_number(const capref_fluid *f, double length, capref_result *la)
{
  int s = ref_check_fluid(f);
  if (!s) s = positive4("sigma", f->sigma, "N/m", "rho", f->rho, "kg/m^3", "length", length, "m", "mu", f->mu, "Pa s");
  if (s) return s;
  ref_put(la, ref_closed(f->sigma * f->rho * length / (f->mu * f->mu)));
  return CAP_SUCCESS;
}

int capref_ohnesorge_number(const capref_fluid *f, double length, capref_result *oh)
{
  int s = ref_check_fluid(f);
  if (!s) s = positive4("mu", f->mu, "Pa s", "rho", f->rho, "kg/m^3", "sigma", f->sigma, "N/m", "length", length, "m");
  if (s) return s;
  ref_put(oh, ref_closed(f->mu / sqrt(f->rho * f->sigma * length)));
  return CAP_SUCCESS;
}

int capref_capillary_time(const capref_fluid *f, double length, capref_result *tc)
{
  int s = ref_check_fluid(f);
  if (!s) s = positive4("rho", f->rho, "kg/m^3", "length", length, "m", "sigma", f->sigma, "N/m", NULL, 0, NULL);
  if (s) return s;
  ref_put(tc, ref_closed(sqrt(f->rho * length * length * length / f->sigma)));
  return CAP_SUCCESS;
}
