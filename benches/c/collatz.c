/* C reference for ../shared/bench/auto/collatz.py: chains stay far below 2**63 for
   starts under 300,000, so 64-bit ints give Python's answer. */
#include <stdio.h>
#include <stdint.h>

int main(void) {
    int64_t best = 0, best_start = 0;
    for (int64_t start = 1; start < 300000; start++) {
        int64_t n = start, steps = 0;
        while (n != 1) {
            if (n % 2 == 0) n = n / 2;
            else n = 3 * n + 1;
            steps++;
        }
        if (steps > best) { best = steps; best_start = start; }
    }
    printf("collatz (%lld, %lld)\n", (long long)best_start, (long long)best);
    return 0;
}
