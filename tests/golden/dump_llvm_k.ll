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
  br i1 %5, label %exit, label %35

block1:                                           ; preds = %35
  store i64 0, ptr %v7, align 4
  %6 = call i1 @llvm.expect.i1(i1 false, i1 false)
  br i1 %6, label %exit1, label %36

block2:                                           ; preds = %block5, %36
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
  br i1 %27, label %exit2, label %44

block4:                                           ; preds = %block2
  %28 = load i64, ptr %v7, align 4
  store i64 %28, ptr %1, align 8
  ret i32 0

block5:                                           ; preds = %58, %44
  %29 = load i64, ptr %v34, align 4
  store i64 %29, ptr %v21, align 4
  %30 = load i64, ptr %v35, align 4
  store i64 %30, ptr %v22, align 4
  %31 = load i64, ptr %v36, align 4
  store i64 %31, ptr %v23, align 4
  br label %block2

block6:                                           ; preds = %44
  %32 = call i64 @pynum_safepoint(i64 %2)
  %33 = icmp eq i64 %32, 1
  %34 = call i1 @llvm.expect.i1(i1 %33, i1 false)
  br i1 %34, label %exit3, label %47

exit:                                             ; preds = %block0
  ret i32 8

35:                                               ; preds = %block0
  br label %block1

exit1:                                            ; preds = %block1
  ret i32 2

36:                                               ; preds = %block1
  %37 = load i64, ptr %v1, align 4
  %38 = select i1 true, i64 0, i64 %37
  %39 = load i64, ptr %v1, align 4
  %40 = select i1 true, i64 %39, i64 0
  %41 = icmp slt i64 %38, %40
  %42 = sub i64 %40, %38
  %43 = select i1 %41, i64 %42, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %43, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block2

exit2:                                            ; preds = %block3
  store i64 0, ptr %1, align 8
  ret i32 7

44:                                               ; preds = %block3
  store i64 %25, ptr %v7, align 4
  %poll = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %45 = icmp ne i16 %poll, 0
  %46 = call i1 @llvm.expect.i1(i1 %45, i1 false)
  br i1 %46, label %block6, label %block5

exit3:                                            ; preds = %block6
  store i64 1, ptr %1, align 8
  ret i32 7

47:                                               ; preds = %block6
  %48 = icmp eq i64 %32, 2
  %49 = call i1 @llvm.expect.i1(i1 %48, i1 false)
  br i1 %49, label %exit4, label %58

exit4:                                            ; preds = %47
  %50 = load i64, ptr %v7, align 4
  %51 = getelementptr i8, ptr %1, i64 64
  store i64 %50, ptr %51, align 8
  %52 = load i64, ptr %v34, align 4
  %53 = getelementptr i8, ptr %1, i64 280
  store i64 %52, ptr %53, align 8
  %54 = load i64, ptr %v35, align 4
  %55 = getelementptr i8, ptr %1, i64 288
  store i64 %54, ptr %55, align 8
  %56 = load i64, ptr %v36, align 4
  %57 = getelementptr i8, ptr %1, i64 296
  store i64 %56, ptr %57, align 8
  store i64 5, ptr %1, align 8
  ret i32 14

58:                                               ; preds = %47
  br label %block5
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i1 @llvm.expect.i1(i1, i1) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64) #2

; Function Attrs: nounwind
declare i64 @pynum_safepoint(i64) #3

; Function Attrs: nounwind
define i32 @pynum_resume(ptr %0, ptr %1, i64 %2) #0 {
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
  %resume = load i64, ptr %0, align 8
  switch i64 %resume, label %unknown_resume [
    i64 5, label %resume5
  ]

block0:                                           ; No predecessors!
  %3 = load i64, ptr %v0, align 4
  store i64 %3, ptr %v1, align 4
  %4 = icmp sle i64 %2, 0
  %5 = call i1 @llvm.expect.i1(i1 %4, i1 false)
  br i1 %5, label %exit, label %43

block1:                                           ; preds = %43
  store i64 0, ptr %v7, align 4
  %6 = call i1 @llvm.expect.i1(i1 false, i1 false)
  br i1 %6, label %exit1, label %44

block2:                                           ; preds = %block5, %44
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
  br i1 %27, label %exit2, label %52

block4:                                           ; preds = %block2
  %28 = load i64, ptr %v7, align 4
  store i64 %28, ptr %1, align 8
  ret i32 0

block5:                                           ; preds = %66, %52, %resume5
  %29 = load i64, ptr %v34, align 4
  store i64 %29, ptr %v21, align 4
  %30 = load i64, ptr %v35, align 4
  store i64 %30, ptr %v22, align 4
  %31 = load i64, ptr %v36, align 4
  store i64 %31, ptr %v23, align 4
  br label %block2

block6:                                           ; preds = %52
  %32 = call i64 @pynum_safepoint(i64 %2)
  %33 = icmp eq i64 %32, 1
  %34 = call i1 @llvm.expect.i1(i1 %33, i1 false)
  br i1 %34, label %exit3, label %55

unknown_resume:                                   ; preds = %entry
  store i64 -1, ptr %1, align 8
  ret i32 7

resume5:                                          ; preds = %entry
  %35 = getelementptr i8, ptr %0, i64 64
  %36 = load i64, ptr %35, align 8
  store i64 %36, ptr %v7, align 4
  %37 = getelementptr i8, ptr %0, i64 280
  %38 = load i64, ptr %37, align 8
  store i64 %38, ptr %v34, align 4
  %39 = getelementptr i8, ptr %0, i64 288
  %40 = load i64, ptr %39, align 8
  store i64 %40, ptr %v35, align 4
  %41 = getelementptr i8, ptr %0, i64 296
  %42 = load i64, ptr %41, align 8
  store i64 %42, ptr %v36, align 4
  br label %block5

exit:                                             ; preds = %block0
  ret i32 8

43:                                               ; preds = %block0
  br label %block1

exit1:                                            ; preds = %block1
  ret i32 2

44:                                               ; preds = %block1
  %45 = load i64, ptr %v1, align 4
  %46 = select i1 true, i64 0, i64 %45
  %47 = load i64, ptr %v1, align 4
  %48 = select i1 true, i64 %47, i64 0
  %49 = icmp slt i64 %46, %48
  %50 = sub i64 %48, %46
  %51 = select i1 %49, i64 %50, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %51, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block2

exit2:                                            ; preds = %block3
  store i64 0, ptr %1, align 8
  ret i32 7

52:                                               ; preds = %block3
  store i64 %25, ptr %v7, align 4
  %poll = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %53 = icmp ne i16 %poll, 0
  %54 = call i1 @llvm.expect.i1(i1 %53, i1 false)
  br i1 %54, label %block6, label %block5

exit3:                                            ; preds = %block6
  store i64 1, ptr %1, align 8
  ret i32 7

55:                                               ; preds = %block6
  %56 = icmp eq i64 %32, 2
  %57 = call i1 @llvm.expect.i1(i1 %56, i1 false)
  br i1 %57, label %exit4, label %66

exit4:                                            ; preds = %55
  %58 = load i64, ptr %v7, align 4
  %59 = getelementptr i8, ptr %1, i64 64
  store i64 %58, ptr %59, align 8
  %60 = load i64, ptr %v34, align 4
  %61 = getelementptr i8, ptr %1, i64 280
  store i64 %60, ptr %61, align 8
  %62 = load i64, ptr %v35, align 4
  %63 = getelementptr i8, ptr %1, i64 288
  store i64 %62, ptr %63, align 8
  %64 = load i64, ptr %v36, align 4
  %65 = getelementptr i8, ptr %1, i64 296
  store i64 %64, ptr %65, align 8
  store i64 5, ptr %1, align 8
  ret i32 14

66:                                               ; preds = %55
  br label %block5
}

; Function Attrs: nounwind
define i32 @pynum_entry(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %3 = load i64, ptr %0, align 8
  %status = call i32 @"0:k(int64)"(i64 %3, ptr %1, i64 %2)
  ret i32 %status
}

