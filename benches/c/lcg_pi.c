/* C reference for ../shared/bench/auto/lcg_pi.py: the state stays below 2**31 and the
   product below 2**62, so 64-bit ints give Python's answer. */
#include <stdio.h>
#include <stdint.h>

static double estimate_pi(int64_t samples, int64_t seed) {
    int64_t state = seed, inside = 0;
    for (int64_t k = 0; k < samples; k++) {
        state = (state * 1103515245 + 12345) % 2147483648LL;
        double x = (double)state / 2147483648.0;
        state = (state * 1103515245 + 12345) % 2147483648LL;
        double y = (double)state / 2147483648.0;
        if (x * x + y * y <= 1.0) inside++;
    }
    return 4.0 * (double)inside / (double)samples;
}

int main(void) {
    printf("lcg_pi %.6f\n", estimate_pi(5000000, 42));
    return 0;
}
