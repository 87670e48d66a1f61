/* Tests of analytic/capref_laplace against hand-computed values. */
#include "../analytic/capref_laplace.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

/* a water drop of radius 0.3817 mm: 2*0.0728/3.817e-4 = 381.451401624 Pa (hand computation) */
static void jump(void)
{
  capref_result r;
  th_int(capref_laplace_jump(CAPREF_3D, 0.0728, 3.817e-4, &r), CAP_SUCCESS, "3D jump status");
  th_rel(r.val, 381.451401624312, 1e-12, "3D jump 2 sigma/R");
  th_true(r.err > 0 && r.err < 1e-12 * r.val, "closed-form error estimate is a few ulps");
  th_int(capref_laplace_jump(CAPREF_2D, 0.0728, 3.817e-4, &r), CAP_SUCCESS, "2D jump status");
  th_rel(r.val, 190.725700812156, 1e-12, "2D jump sigma/R");
}

static void curvature(void)
{
  capref_result r;
  th_int(capref_laplace_curvature(CAPREF_3D, 0.3817, &r), CAP_SUCCESS, "3D curvature status");
  th_rel(r.val, 5.23971705528, 1e-10, "3D curvature 2/R");
}

static void bad_input(void)
{
  capref_result r;
  th_int(capref_laplace_jump(CAPREF_3D, -0.0728, 1e-3, &r), CAP_EDOM, "negative sigma rejected");
  th_int(capref_laplace_jump(CAPREF_3D, 0.0728, 0, &r), CAP_EDOM, "zero radius rejected");
  th_int(capref_laplace_jump((capref_dim)4, 0.0728, 1e-3, &r), CAP_EDOM, "dim 4 rejected");
}

static const th_case cases[] = {
    {"jump", jump},
    {"curvature", curvature},
    {"bad_input", bad_input},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
