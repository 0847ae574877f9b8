/* C reference for ../shared/bench/auto/sum_squares.py: the same loop over 64-bit ints. */
#include <stdio.h>
#include <stdint.h>

static int64_t sum_squares(int64_t n) {
    int64_t total = 0;
    for (int64_t i = 0; i < n; i++) total += i * i % 7;
    return total;
}

int main(void) {
    printf("sum_squares %lld\n", (long long)sum_squares(20000000));
    return 0;
}
