/* C reference for ../shared/bench/auto/mandelbrot.py: the same escape-time loop in doubles. */
#include <stdio.h>
#include <stdint.h>

static int64_t mandel(int64_t width, int64_t height, int64_t max_iter) {
    int64_t count = 0;
    for (int64_t y = 0; y < height; y++) {
        double ci = -1.2 + 2.4 * (double)y / (double)height;
        for (int64_t x = 0; x < width; x++) {
            double cr = -2.0 + 3.0 * (double)x / (double)width;
            double zr = 0.0, zi = 0.0;
            int64_t i = 0;
            while (i < max_iter && zr * zr + zi * zi <= 4.0) {
                double next_zr = zr * zr - zi * zi + cr;
                zi = 2.0 * zr * zi + ci;
                zr = next_zr;
                i++;
            }
            count += i;
        }
    }
    return count;
}

int main(void) {
    printf("mandelbrot %lld\n", (long long)mandel(400, 300, 200));
    return 0;
}
