#!/usr/bin/perl
# SPDX-License-Identifier: Apache-2.0
# Word frequencies of a text file (input for the bundled perl traces).
use strict;
use warnings;
my %n;
while (my $line = <>) {
    for my $w (split /\s+/, lc $line) {
        next unless length $w;
        $n{$w}++;
    }
}
my $i = 0;
for my $w (sort { $n{$b} <=> $n{$a} || $a cmp $b } keys %n) {
    printf "%-12s %d\n", $w, $n{$w};
    last if ++$i >= 25;
}
