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
  %v56 = alloca i64, align 8
  %v57 = alloca i64, align 8
  %v63 = alloca i64, align 8
  %v77 = alloca i64, align 8
  %v78 = alloca i64, align 8
  %v79 = alloca i64, align 8
  %v90 = alloca i64, align 8
  %v91 = alloca i64, align 8
  %v92 = alloca i64, align 8
  %v93 = alloca i64, align 8
  %v114 = alloca i1, align 1
  store i64 %0, ptr %v0, align 4
  br label %block0

block0:                                           ; preds = %entry
  store i1 true, ptr %v114, align 1
  %3 = load i64, ptr %v0, align 4
  %4 = add i64 %3, 536870912
  %5 = icmp ult i64 %4, 1073741824
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block8, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %106

block2:                                           ; preds = %106
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block2
  %16 = load i64, ptr %v21, align 4
  %17 = load i64, ptr %v22, align 4
  %18 = icmp ne i64 %17, 0
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v23, align 4
  %21 = add i64 %19, %20
  store i64 %21, ptr %v21, align 4
  %22 = load i64, ptr %v22, align 4
  %23 = add i64 %22, -1
  store i64 %23, ptr %v22, align 4
  %24 = load i64, ptr %v21, align 4
  store i64 %24, ptr %v34, align 4
  %25 = load i64, ptr %v22, align 4
  store i64 %25, ptr %v35, align 4
  %26 = load i64, ptr %v23, align 4
  store i64 %26, ptr %v36, align 4
  store i64 %16, ptr %v37, align 4
  %27 = load i64, ptr %v21, align 4
  %28 = load i64, ptr %v22, align 4
  %29 = load i64, ptr %v23, align 4
  br i1 %18, label %block4, label %block5

block4:                                           ; preds = %block6, %block3
  %30 = load i64, ptr %v37, align 4
  %31 = urem i64 %30, 3
  %32 = load i64, ptr %v7, align 4
  %33 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %32, i64 %31)
  %34 = extractvalue { i64, i1 } %33, 0
  %35 = extractvalue { i64, i1 } %33, 1
  %36 = call i1 @llvm.expect.i1(i1 %35, i1 false)
  br i1 %36, label %exit1, label %107

block5:                                           ; preds = %block6, %block3
  %37 = load i64, ptr %v7, align 4
  store i64 %37, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %121, %107
  %38 = load i64, ptr %v34, align 4
  store i64 %38, ptr %v21, align 4
  %39 = load i64, ptr %v35, align 4
  store i64 %39, ptr %v22, align 4
  %40 = load i64, ptr %v36, align 4
  store i64 %40, ptr %v23, align 4
  %41 = load i64, ptr %v21, align 4
  %42 = load i64, ptr %v22, align 4
  %43 = icmp ne i64 %42, 0
  %44 = load i64, ptr %v21, align 4
  %45 = load i64, ptr %v23, align 4
  %46 = add i64 %44, %45
  store i64 %46, ptr %v21, align 4
  %47 = load i64, ptr %v22, align 4
  %48 = add i64 %47, -1
  store i64 %48, ptr %v22, align 4
  %49 = load i64, ptr %v21, align 4
  store i64 %49, ptr %v34, align 4
  %50 = load i64, ptr %v22, align 4
  store i64 %50, ptr %v35, align 4
  %51 = load i64, ptr %v23, align 4
  store i64 %51, ptr %v36, align 4
  store i64 %41, ptr %v37, align 4
  %52 = load i64, ptr %v21, align 4
  %53 = load i64, ptr %v22, align 4
  %54 = load i64, ptr %v23, align 4
  br i1 %43, label %block4, label %block5

block7:                                           ; preds = %107
  %55 = call i64 @pynum_safepoint(i64 %2)
  %56 = icmp eq i64 %55, 1
  %57 = call i1 @llvm.expect.i1(i1 %56, i1 false)
  br i1 %57, label %exit2, label %110

block8:                                           ; preds = %block0
  %58 = load i64, ptr %v0, align 4
  store i64 %58, ptr %v57, align 4
  %59 = icmp sle i64 %2, 0
  %60 = call i1 @llvm.expect.i1(i1 %59, i1 false)
  br i1 %60, label %exit4, label %122

block9:                                           ; preds = %122
  store i64 0, ptr %v63, align 4
  %61 = load i64, ptr %v57, align 4
  %62 = icmp slt i64 0, %61
  %63 = sub i64 %61, 0
  %64 = select i1 %62, i64 %63, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %64, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block10

block10:                                          ; preds = %block9
  %65 = load i64, ptr %v77, align 4
  %66 = load i64, ptr %v78, align 4
  %67 = icmp ne i64 %66, 0
  %68 = load i64, ptr %v77, align 4
  %69 = load i64, ptr %v79, align 4
  %70 = add i64 %68, %69
  store i64 %70, ptr %v77, align 4
  %71 = load i64, ptr %v78, align 4
  %72 = add i64 %71, -1
  store i64 %72, ptr %v78, align 4
  %73 = load i64, ptr %v77, align 4
  store i64 %73, ptr %v90, align 4
  %74 = load i64, ptr %v78, align 4
  store i64 %74, ptr %v91, align 4
  %75 = load i64, ptr %v79, align 4
  store i64 %75, ptr %v92, align 4
  store i64 %65, ptr %v93, align 4
  %76 = load i64, ptr %v77, align 4
  %77 = load i64, ptr %v78, align 4
  %78 = load i64, ptr %v79, align 4
  br i1 %67, label %block11, label %block12

block11:                                          ; preds = %block13, %block10
  %79 = load i64, ptr %v93, align 4
  %80 = urem i64 %79, 3
  %81 = load i64, ptr %v63, align 4
  %82 = add i64 %81, %80
  store i64 %82, ptr %v63, align 4
  %poll5 = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %83 = icmp ne i16 %poll5, 0
  %84 = call i1 @llvm.expect.i1(i1 %83, i1 false)
  br i1 %84, label %block14, label %block13

block12:                                          ; preds = %block13, %block10
  %85 = load i64, ptr %v63, align 4
  store i64 %85, ptr %1, align 8
  ret i32 0

block13:                                          ; preds = %134, %block11
  %86 = load i64, ptr %v90, align 4
  store i64 %86, ptr %v77, align 4
  %87 = load i64, ptr %v91, align 4
  store i64 %87, ptr %v78, align 4
  %88 = load i64, ptr %v92, align 4
  store i64 %88, ptr %v79, align 4
  %89 = load i64, ptr %v77, align 4
  %90 = load i64, ptr %v78, align 4
  %91 = icmp ne i64 %90, 0
  %92 = load i64, ptr %v77, align 4
  %93 = load i64, ptr %v79, align 4
  %94 = add i64 %92, %93
  store i64 %94, ptr %v77, align 4
  %95 = load i64, ptr %v78, align 4
  %96 = add i64 %95, -1
  store i64 %96, ptr %v78, align 4
  %97 = load i64, ptr %v77, align 4
  store i64 %97, ptr %v90, align 4
  %98 = load i64, ptr %v78, align 4
  store i64 %98, ptr %v91, align 4
  %99 = load i64, ptr %v79, align 4
  store i64 %99, ptr %v92, align 4
  store i64 %89, ptr %v93, align 4
  %100 = load i64, ptr %v77, align 4
  %101 = load i64, ptr %v78, align 4
  %102 = load i64, ptr %v79, align 4
  br i1 %91, label %block11, label %block12

block14:                                          ; preds = %block11
  %103 = call i64 @pynum_safepoint(i64 %2)
  %104 = icmp eq i64 %103, 1
  %105 = call i1 @llvm.expect.i1(i1 %104, i1 false)
  br i1 %105, label %exit6, label %123

exit:                                             ; preds = %block1
  ret i32 8

106:                                              ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

107:                                              ; preds = %block4
  store i64 %34, ptr %v7, align 4
  %poll = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %108 = icmp ne i16 %poll, 0
  %109 = call i1 @llvm.expect.i1(i1 %108, i1 false)
  br i1 %109, label %block7, label %block6

exit2:                                            ; preds = %block7
  store i64 1, ptr %1, align 8
  ret i32 7

110:                                              ; preds = %block7
  %111 = icmp eq i64 %55, 2
  %112 = call i1 @llvm.expect.i1(i1 %111, i1 false)
  br i1 %112, label %exit3, label %121

exit3:                                            ; preds = %110
  %113 = load i64, ptr %v7, align 4
  %114 = getelementptr i8, ptr %1, i64 64
  store i64 %113, ptr %114, align 8
  %115 = load i64, ptr %v34, align 4
  %116 = getelementptr i8, ptr %1, i64 280
  store i64 %115, ptr %116, align 8
  %117 = load i64, ptr %v35, align 4
  %118 = getelementptr i8, ptr %1, i64 288
  store i64 %117, ptr %118, align 8
  %119 = load i64, ptr %v36, align 4
  %120 = getelementptr i8, ptr %1, i64 296
  store i64 %119, ptr %120, align 8
  store i64 6, ptr %1, align 8
  ret i32 14

121:                                              ; preds = %110
  br label %block6

exit4:                                            ; preds = %block8
  ret i32 8

122:                                              ; preds = %block8
  br label %block9

exit6:                                            ; preds = %block14
  store i64 1, ptr %1, align 8
  ret i32 7

123:                                              ; preds = %block14
  %124 = icmp eq i64 %103, 2
  %125 = call i1 @llvm.expect.i1(i1 %124, i1 false)
  br i1 %125, label %exit7, label %134

exit7:                                            ; preds = %123
  %126 = load i64, ptr %v63, align 4
  %127 = getelementptr i8, ptr %1, i64 512
  store i64 %126, ptr %127, align 8
  %128 = load i64, ptr %v90, align 4
  %129 = getelementptr i8, ptr %1, i64 728
  store i64 %128, ptr %129, align 8
  %130 = load i64, ptr %v91, align 4
  %131 = getelementptr i8, ptr %1, i64 736
  store i64 %130, ptr %131, align 8
  %132 = load i64, ptr %v92, align 4
  %133 = getelementptr i8, ptr %1, i64 744
  store i64 %132, ptr %133, align 8
  store i64 13, ptr %1, align 8
  ret i32 14

134:                                              ; preds = %123
  br label %block13
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
  %v56 = alloca i64, align 8
  %v57 = alloca i64, align 8
  %v63 = alloca i64, align 8
  %v77 = alloca i64, align 8
  %v78 = alloca i64, align 8
  %v79 = alloca i64, align 8
  %v90 = alloca i64, align 8
  %v91 = alloca i64, align 8
  %v92 = alloca i64, align 8
  %v93 = alloca i64, align 8
  %v114 = alloca i1, align 1
  %resume = load i64, ptr %0, align 8
  switch i64 %resume, label %unknown_resume [
    i64 6, label %resume6
    i64 13, label %resume13
  ]

block0:                                           ; No predecessors!
  store i1 true, ptr %v114, align 1
  %3 = load i64, ptr %v0, align 4
  %4 = add i64 %3, 536870912
  %5 = icmp ult i64 %4, 1073741824
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block8, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %122

block2:                                           ; preds = %122
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block2
  %16 = load i64, ptr %v21, align 4
  %17 = load i64, ptr %v22, align 4
  %18 = icmp ne i64 %17, 0
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v23, align 4
  %21 = add i64 %19, %20
  store i64 %21, ptr %v21, align 4
  %22 = load i64, ptr %v22, align 4
  %23 = add i64 %22, -1
  store i64 %23, ptr %v22, align 4
  %24 = load i64, ptr %v21, align 4
  store i64 %24, ptr %v34, align 4
  %25 = load i64, ptr %v22, align 4
  store i64 %25, ptr %v35, align 4
  %26 = load i64, ptr %v23, align 4
  store i64 %26, ptr %v36, align 4
  store i64 %16, ptr %v37, align 4
  %27 = load i64, ptr %v21, align 4
  %28 = load i64, ptr %v22, align 4
  %29 = load i64, ptr %v23, align 4
  br i1 %18, label %block4, label %block5

block4:                                           ; preds = %block6, %block3
  %30 = load i64, ptr %v37, align 4
  %31 = urem i64 %30, 3
  %32 = load i64, ptr %v7, align 4
  %33 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %32, i64 %31)
  %34 = extractvalue { i64, i1 } %33, 0
  %35 = extractvalue { i64, i1 } %33, 1
  %36 = call i1 @llvm.expect.i1(i1 %35, i1 false)
  br i1 %36, label %exit1, label %123

block5:                                           ; preds = %block6, %block3
  %37 = load i64, ptr %v7, align 4
  store i64 %37, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %137, %123, %resume6
  %38 = load i64, ptr %v34, align 4
  store i64 %38, ptr %v21, align 4
  %39 = load i64, ptr %v35, align 4
  store i64 %39, ptr %v22, align 4
  %40 = load i64, ptr %v36, align 4
  store i64 %40, ptr %v23, align 4
  %41 = load i64, ptr %v21, align 4
  %42 = load i64, ptr %v22, align 4
  %43 = icmp ne i64 %42, 0
  %44 = load i64, ptr %v21, align 4
  %45 = load i64, ptr %v23, align 4
  %46 = add i64 %44, %45
  store i64 %46, ptr %v21, align 4
  %47 = load i64, ptr %v22, align 4
  %48 = add i64 %47, -1
  store i64 %48, ptr %v22, align 4
  %49 = load i64, ptr %v21, align 4
  store i64 %49, ptr %v34, align 4
  %50 = load i64, ptr %v22, align 4
  store i64 %50, ptr %v35, align 4
  %51 = load i64, ptr %v23, align 4
  store i64 %51, ptr %v36, align 4
  store i64 %41, ptr %v37, align 4
  %52 = load i64, ptr %v21, align 4
  %53 = load i64, ptr %v22, align 4
  %54 = load i64, ptr %v23, align 4
  br i1 %43, label %block4, label %block5

block7:                                           ; preds = %123
  %55 = call i64 @pynum_safepoint(i64 %2)
  %56 = icmp eq i64 %55, 1
  %57 = call i1 @llvm.expect.i1(i1 %56, i1 false)
  br i1 %57, label %exit2, label %126

block8:                                           ; preds = %block0
  %58 = load i64, ptr %v0, align 4
  store i64 %58, ptr %v57, align 4
  %59 = icmp sle i64 %2, 0
  %60 = call i1 @llvm.expect.i1(i1 %59, i1 false)
  br i1 %60, label %exit4, label %138

block9:                                           ; preds = %138
  store i64 0, ptr %v63, align 4
  %61 = load i64, ptr %v57, align 4
  %62 = icmp slt i64 0, %61
  %63 = sub i64 %61, 0
  %64 = select i1 %62, i64 %63, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %64, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block10

block10:                                          ; preds = %block9
  %65 = load i64, ptr %v77, align 4
  %66 = load i64, ptr %v78, align 4
  %67 = icmp ne i64 %66, 0
  %68 = load i64, ptr %v77, align 4
  %69 = load i64, ptr %v79, align 4
  %70 = add i64 %68, %69
  store i64 %70, ptr %v77, align 4
  %71 = load i64, ptr %v78, align 4
  %72 = add i64 %71, -1
  store i64 %72, ptr %v78, align 4
  %73 = load i64, ptr %v77, align 4
  store i64 %73, ptr %v90, align 4
  %74 = load i64, ptr %v78, align 4
  store i64 %74, ptr %v91, align 4
  %75 = load i64, ptr %v79, align 4
  store i64 %75, ptr %v92, align 4
  store i64 %65, ptr %v93, align 4
  %76 = load i64, ptr %v77, align 4
  %77 = load i64, ptr %v78, align 4
  %78 = load i64, ptr %v79, align 4
  br i1 %67, label %block11, label %block12

block11:                                          ; preds = %block13, %block10
  %79 = load i64, ptr %v93, align 4
  %80 = urem i64 %79, 3
  %81 = load i64, ptr %v63, align 4
  %82 = add i64 %81, %80
  store i64 %82, ptr %v63, align 4
  %poll5 = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %83 = icmp ne i16 %poll5, 0
  %84 = call i1 @llvm.expect.i1(i1 %83, i1 false)
  br i1 %84, label %block14, label %block13

block12:                                          ; preds = %block13, %block10
  %85 = load i64, ptr %v63, align 4
  store i64 %85, ptr %1, align 8
  ret i32 0

block13:                                          ; preds = %150, %block11, %resume13
  %86 = load i64, ptr %v90, align 4
  store i64 %86, ptr %v77, align 4
  %87 = load i64, ptr %v91, align 4
  store i64 %87, ptr %v78, align 4
  %88 = load i64, ptr %v92, align 4
  store i64 %88, ptr %v79, align 4
  %89 = load i64, ptr %v77, align 4
  %90 = load i64, ptr %v78, align 4
  %91 = icmp ne i64 %90, 0
  %92 = load i64, ptr %v77, align 4
  %93 = load i64, ptr %v79, align 4
  %94 = add i64 %92, %93
  store i64 %94, ptr %v77, align 4
  %95 = load i64, ptr %v78, align 4
  %96 = add i64 %95, -1
  store i64 %96, ptr %v78, align 4
  %97 = load i64, ptr %v77, align 4
  store i64 %97, ptr %v90, align 4
  %98 = load i64, ptr %v78, align 4
  store i64 %98, ptr %v91, align 4
  %99 = load i64, ptr %v79, align 4
  store i64 %99, ptr %v92, align 4
  store i64 %89, ptr %v93, align 4
  %100 = load i64, ptr %v77, align 4
  %101 = load i64, ptr %v78, align 4
  %102 = load i64, ptr %v79, align 4
  br i1 %91, label %block11, label %block12

block14:                                          ; preds = %block11
  %103 = call i64 @pynum_safepoint(i64 %2)
  %104 = icmp eq i64 %103, 1
  %105 = call i1 @llvm.expect.i1(i1 %104, i1 false)
  br i1 %105, label %exit6, label %139

unknown_resume:                                   ; preds = %entry
  store i64 -1, ptr %1, align 8
  ret i32 7

resume6:                                          ; preds = %entry
  %106 = getelementptr i8, ptr %0, i64 64
  %107 = load i64, ptr %106, align 8
  store i64 %107, ptr %v7, align 4
  %108 = getelementptr i8, ptr %0, i64 280
  %109 = load i64, ptr %108, align 8
  store i64 %109, ptr %v34, align 4
  %110 = getelementptr i8, ptr %0, i64 288
  %111 = load i64, ptr %110, align 8
  store i64 %111, ptr %v35, align 4
  %112 = getelementptr i8, ptr %0, i64 296
  %113 = load i64, ptr %112, align 8
  store i64 %113, ptr %v36, align 4
  br label %block6

resume13:                                         ; preds = %entry
  %114 = getelementptr i8, ptr %0, i64 512
  %115 = load i64, ptr %114, align 8
  store i64 %115, ptr %v63, align 4
  %116 = getelementptr i8, ptr %0, i64 728
  %117 = load i64, ptr %116, align 8
  store i64 %117, ptr %v90, align 4
  %118 = getelementptr i8, ptr %0, i64 736
  %119 = load i64, ptr %118, align 8
  store i64 %119, ptr %v91, align 4
  %120 = getelementptr i8, ptr %0, i64 744
  %121 = load i64, ptr %120, align 8
  store i64 %121, ptr %v92, align 4
  br label %block13

exit:                                             ; preds = %block1
  ret i32 8

122:                                              ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

123:                                              ; preds = %block4
  store i64 %34, ptr %v7, align 4
  %poll = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %124 = icmp ne i16 %poll, 0
  %125 = call i1 @llvm.expect.i1(i1 %124, i1 false)
  br i1 %125, label %block7, label %block6

exit2:                                            ; preds = %block7
  store i64 1, ptr %1, align 8
  ret i32 7

126:                                              ; preds = %block7
  %127 = icmp eq i64 %55, 2
  %128 = call i1 @llvm.expect.i1(i1 %127, i1 false)
  br i1 %128, label %exit3, label %137

exit3:                                            ; preds = %126
  %129 = load i64, ptr %v7, align 4
  %130 = getelementptr i8, ptr %1, i64 64
  store i64 %129, ptr %130, align 8
  %131 = load i64, ptr %v34, align 4
  %132 = getelementptr i8, ptr %1, i64 280
  store i64 %131, ptr %132, align 8
  %133 = load i64, ptr %v35, align 4
  %134 = getelementptr i8, ptr %1, i64 288
  store i64 %133, ptr %134, align 8
  %135 = load i64, ptr %v36, align 4
  %136 = getelementptr i8, ptr %1, i64 296
  store i64 %135, ptr %136, align 8
  store i64 6, ptr %1, align 8
  ret i32 14

137:                                              ; preds = %126
  br label %block6

exit4:                                            ; preds = %block8
  ret i32 8

138:                                              ; preds = %block8
  br label %block9

exit6:                                            ; preds = %block14
  store i64 1, ptr %1, align 8
  ret i32 7

139:                                              ; preds = %block14
  %140 = icmp eq i64 %103, 2
  %141 = call i1 @llvm.expect.i1(i1 %140, i1 false)
  br i1 %141, label %exit7, label %150

exit7:                                            ; preds = %139
  %142 = load i64, ptr %v63, align 4
  %143 = getelementptr i8, ptr %1, i64 512
  store i64 %142, ptr %143, align 8
  %144 = load i64, ptr %v90, align 4
  %145 = getelementptr i8, ptr %1, i64 728
  store i64 %144, ptr %145, align 8
  %146 = load i64, ptr %v91, align 4
  %147 = getelementptr i8, ptr %1, i64 736
  store i64 %146, ptr %147, align 8
  %148 = load i64, ptr %v92, align 4
  %149 = getelementptr i8, ptr %1, i64 744
  store i64 %148, ptr %149, align 8
  store i64 13, ptr %1, align 8
  ret i32 14

150:                                              ; preds = %139
  br label %block13
}

; Function Attrs: nounwind
define i32 @pynum_entry(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %3 = load i64, ptr %0, align 8
  %status = call i32 @"0:k(int64)"(i64 %3, ptr %1, i64 %2)
  ret i32 %status
}

