/* C reference for ../shared/bench/auto/sieve.py: a byte per number, as the bytearray. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int64_t count_primes(int64_t limit) {
    unsigned char *flags = malloc((size_t)limit + 1);
    if (!flags) return -1;
    memset(flags, 1, (size_t)limit + 1);
    flags[0] = 0;
    flags[1] = 0;
    for (int64_t i = 2; i * i <= limit; i++)
        if (flags[i])
            for (int64_t j = i * i; j <= limit; j += i) flags[j] = 0;
    int64_t count = 0;
    for (int64_t k = 0; k <= limit; k++) count += flags[k];
    free(flags);
    return count;
}

int main(void) {
    printf("sieve %lld\n", (long long)count_primes(10000000));
    return 0;
}
