source_filename = "pynum"

; Function Attrs: nounwind
define internal i32 @"0:k(int64)"(i64 %0, ptr %1, i64 %2) #0 {
entry:
  %v0 = alloca i64, align 8
  %v1 = alloca i64, align 8
  %v7 = alloca i64, align 8
  %v21 = alloca i64, align 8
  %v22 = alloca i64, align 8
  %v23 = alloca i64, align 8
  %v34 = alloca i64, align 8
  %v35 = alloca i64, align 8
  %v36 = alloca i64, align 8
  %v37 = alloca i64, align 8
  store i64 %0, ptr %v0, align 4
  br label %block0

block0:                                           ; preds = %entry
  %3 = load i64, ptr %v0, align 4
  store i64 %3, ptr %v1, align 4
  %4 = icmp sle i64 %2, 0
  %5 = call i1 @llvm.expect.i1(i1 %4, i1 false)
  br i1 %5, label %exit, label %29

block1:                                           ; preds = %29
  store i64 0, ptr %v7, align 4
  %6 = call i1 @llvm.expect.i1(i1 false, i1 false)
  br i1 %6, label %exit1, label %30

block2:                                           ; preds = %41, %30
  %7 = load i64, ptr %v21, align 4
  %8 = load i64, ptr %v22, align 4
  %9 = icmp ne i64 %8, 0
  %10 = load i64, ptr %v21, align 4
  %11 = load i64, ptr %v23, align 4
  %12 = add i64 %10, %11
  store i64 %12, ptr %v21, align 4
  %13 = load i64, ptr %v22, align 4
  %14 = add i64 %13, -1
  store i64 %14, ptr %v22, align 4
  %15 = load i64, ptr %v21, align 4
  store i64 %15, ptr %v34, align 4
  %16 = load i64, ptr %v22, align 4
  store i64 %16, ptr %v35, align 4
  %17 = load i64, ptr %v23, align 4
  store i64 %17, ptr %v36, align 4
  store i64 %7, ptr %v37, align 4
  %18 = load i64, ptr %v21, align 4
  %19 = load i64, ptr %v22, align 4
  %20 = load i64, ptr %v23, align 4
  br i1 %9, label %block3, label %block4

block3:                                           ; preds = %block2
  %21 = load i64, ptr %v37, align 4
  %22 = urem i64 %21, 3
  %23 = load i64, ptr %v7, align 4
  %24 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %23, i64 %22)
  %25 = extractvalue { i64, i1 } %24, 0
  %26 = extractvalue { i64, i1 } %24, 1
  %27 = call i1 @llvm.expect.i1(i1 %26, i1 false)
  br i1 %27, label %exit2, label %38

block4:                                           ; preds = %block2
  %28 = load i64, ptr %v7, align 4
  store i64 %28, ptr %1, align 8
  ret i32 0

exit:                                             ; preds = %block0
  ret i32 8

29:                                               ; preds = %block0
  br label %block1

exit1:                                            ; preds = %block1
  ret i32 2

30:                                               ; preds = %block1
  %31 = load i64, ptr %v1, align 4
  %32 = select i1 true, i64 0, i64 %31
  %33 = load i64, ptr %v1, align 4
  %34 = select i1 true, i64 %33, i64 0
  %35 = icmp slt i64 %32, %34
  %36 = sub i64 %34, %32
  %37 = select i1 %35, i64 %36, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %37, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block2

exit2:                                            ; preds = %block3
  store i64 0, ptr %1, align 8
  ret i32 7

38:                                               ; preds = %block3
  store i64 %25, ptr %v7, align 4
  %interrupt = load volatile i8, ptr inttoptr (i64 ADDRESS to ptr), align 1
  %39 = icmp ne i8 %interrupt, 0
  %40 = call i1 @llvm.expect.i1(i1 %39, i1 false)
  br i1 %40, label %exit3, label %41

exit3:                                            ; preds = %38
  store i64 1, ptr %1, align 8
  ret i32 7

41:                                               ; preds = %38
  %42 = load i64, ptr %v34, align 4
  store i64 %42, ptr %v21, align 4
  %43 = load i64, ptr %v35, align 4
  store i64 %43, ptr %v22, align 4
  %44 = load i64, ptr %v36, align 4
  store i64 %44, ptr %v23, align 4
  br label %block2
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i1 @llvm.expect.i1(i1, i1) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64) #2

; Function Attrs: nounwind
define i32 @pynum_entry(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %3 = load i64, ptr %0, align 8
  %status = call i32 @"0:k(int64)"(i64 %3, ptr %1, i64 %2)
  ret i32 %status
}

